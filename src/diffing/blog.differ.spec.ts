import { diffBlog } from './blog.differ';
import { post } from './test-builders';

describe('diffBlog', () => {
  it('reports a new post as alertable with the post as the new value', () => {
    const fresh = post('launching-teams', { excerpt: 'Teams are here.' });
    const diffs = diffBlog({ posts: [post('hello')] }, { posts: [fresh, post('hello')] });
    expect(diffs).toEqual([
      { op: 'added', change_type: 'post_added', path: 'posts[/blog/launching-teams]', tier: 'alertable', old: null, new: fresh },
    ]);
  });

  it('reports nothing when posts are only reordered', () => {
    const posts = [post('a'), post('b'), post('c')];
    expect(diffBlog({ posts }, { posts: [...posts].reverse() })).toEqual([]);
  });

  it('records an edited excerpt of an existing post as informational', () => {
    const before = post('hello', { excerpt: 'Old teaser' });
    const after = post('hello', { excerpt: 'New teaser' });
    expect(diffBlog({ posts: [before] }, { posts: [after] })).toEqual([
      {
        op: 'modified',
        change_type: 'post_updated',
        path: 'posts[/blog/hello].excerpt',
        tier: 'informational',
        old: 'Old teaser',
        new: 'New teaser',
      },
    ]);
  });

  it('reports a post retitled under the same URL as an alertable post_updated', () => {
    const before = post('sso', { title: 'Launched SSO' });
    const after = post('sso', { title: 'SSO for every plan, including Free' });
    expect(diffBlog({ posts: [before] }, { posts: [after] })).toEqual([
      {
        op: 'modified',
        change_type: 'post_updated',
        path: 'posts[/blog/sso].title',
        tier: 'alertable',
        old: 'Launched SSO',
        new: 'SSO for every plan, including Free',
      },
    ]);
  });

  it('treats a post falling off the index as informational', () => {
    const diffs = diffBlog({ posts: [post('new'), post('oldest')] }, { posts: [post('newer'), post('new')] });
    expect(diffs.map((d) => [d.change_type, d.tier])).toEqual([
      ['post_added', 'alertable'],
      ['post_removed', 'informational'],
    ]);
  });

  it('alerts on a post taken down from among posts that stayed', () => {
    const diffs = diffBlog({ posts: [post('new'), post('retracted'), post('oldest')] }, { posts: [post('new'), post('oldest')] });
    expect(diffs.map((d) => [d.change_type, d.path, d.tier])).toEqual([['post_removed', 'posts[/blog/retracted]', 'alertable']]);
  });

  it('keeps a post whose key changed but whose URL did not', () => {
    const before = post('hello');
    const after = { ...post('hello'), key: 'hello-world-2024' };
    expect(diffBlog({ posts: [before] }, { posts: [after] })).toEqual([]);
  });
});
