import type { DocsFields, DocsPage } from '../capture/capture.types';
import { diffDocs } from './docs.differ';

const page = (key: string, title: string): DocsPage => ({ key, title, url: `https://docs.example.com/${key}`, level: 2 });
const docs = (sections: DocsPage[], title = 'Help'): DocsFields => ({ title, sections, pages: [] });

describe('diffDocs', () => {
  it('reports a new section as alertable', () => {
    const sso = page('sso', 'Single sign-on');
    expect(diffDocs(docs([page('intro', 'Intro')]), docs([page('intro', 'Intro'), sso]))).toEqual([
      { op: 'added', change_type: 'section_added', path: 'sections[sso]', tier: 'alertable', old: null, new: sso },
    ]);
  });

  it('records a retitled page as informational', () => {
    const diffs = diffDocs(docs([page('intro', 'Intro')]), docs([page('intro', 'Introduction')], 'Help centre'));
    expect(diffs.map((d) => [d.change_type, d.path, d.tier])).toEqual([
      ['title_changed', 'title', 'informational'],
      ['title_changed', 'sections[intro].title', 'informational'],
    ]);
  });

  it('alerts when a section keeps its anchor but its title shares no word with the old one', () => {
    const diffs = diffDocs(docs([page('intro', 'Featured documentation')]), docs([page('intro', 'Analytics export for teams')]));
    expect(diffs.map((d) => [d.change_type, d.path, d.tier])).toEqual([['title_changed', 'sections[intro].title', 'alertable']]);
  });

  it('reports nothing when sections are only reordered', () => {
    const sections = [page('a', 'A'), page('b', 'B')];
    expect(diffDocs(docs(sections), docs([...sections].reverse()))).toEqual([]);
  });
});
