import type { PricingFields } from '../capture.types';
import { extractPage } from './extract-page';
import { withoutFrontMatter } from './front-matter';

/** Static-site sources served as they are kept: front matter first, then the page body. */
const JEKYLL_PAGE = [
  '---',
  'layout: default',
  'title: Pricing',
  '---',
  '',
  '<div class="pricing"><h1>Plans and Pricing</h1>',
  '<ul class="plan"><li class="title">Basic</li><li class="price">$29<span>/month</span></li><li>1 private project</li><li>Forums support</li></ul>',
  '<ul class="plan"><li class="title">Pro</li><li class="price">$59<span>/month</span></li><li>Unlimited private projects</li><li>Priority support</li></ul>',
  '</div>',
].join('\n');

describe('front matter of static-site sources', () => {
  it('drops YAML and TOML front matter and keeps the body', () => {
    expect(withoutFrontMatter('---\ntitle: Pricing\n---\n<h1>Pricing</h1>')).toBe('<h1>Pricing</h1>');
    expect(withoutFrontMatter('+++\ntitle = "Pricing"\n+++\r\n# Pricing')).toBe('# Pricing');
  });

  it('leaves a body without a closed front matter, or with a rule further down, as it is', () => {
    expect(withoutFrontMatter('---\ntitle: Pricing\n<h1>Pricing</h1>')).toBe('---\ntitle: Pricing\n<h1>Pricing</h1>');
    expect(withoutFrontMatter('# Pricing\n---\nPlans')).toBe('# Pricing\n---\nPlans');
  });

  it('reads a Jekyll HTML source served as text/html without its front matter', () => {
    const page = extractPage(JEKYLL_PAGE, 'https://ci.example/pricing/', 'pricing', 'text/html');
    expect(page.markdown).not.toContain('layout');
    expect((page.fields as PricingFields).plans.map((p) => [p.name, p.prices.map((x) => x.amount)])).toEqual([
      ['Basic', [29]],
      ['Pro', [59]],
    ]);
  });

  it('reads a Markdown source without its front matter', () => {
    const page = extractPage('---\ntitle: Sync\n---\n# Sync pricing\n\nPlans for teams.', 'https://notes.example/sync', 'pricing', 'text/markdown');
    expect(page.markdown).not.toContain('title: Sync');
    expect(page.markdown).toContain('# Sync pricing');
  });
});
