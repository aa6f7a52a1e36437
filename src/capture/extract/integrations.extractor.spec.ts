import { corpusPage, fieldsOf, fixtureFile } from './__fixtures__/pages';

describe('integrations extraction', () => {
  it('reads integration names from a card grid', () => {
    const fields = fieldsOf(fixtureFile('integrations.html'), 'https://relay.example/integrations', 'integrations');
    expect(fields.integrations).toEqual(['Slack', 'GitHub', 'PagerDuty', 'Jira']);
  });

  it('reads names from repeated tiles without integration class names', () => {
    const tiles = ['Zapier', 'Make', 'n8n', 'Airtable', 'Notion']
      .map((name) => `<li class="tile-x"><img src="/l/${name}.png" alt="${name} logo"><span>Learn more</span></li>`)
      .join('');
    const html = `<html><body><main><h1>Apps</h1><ul class="apps">${tiles}</ul></main></body></html>`;
    expect(fieldsOf(html, 'https://x.example/apps', 'integrations').integrations).toEqual(['Zapier', 'Make', 'n8n', 'Airtable', 'Notion']);
  });

  it('finds none on a page that lists no integrations', () => {
    expect(fieldsOf(corpusPage('homepage-joplin/page.html'), 'https://joplinapp.org/', 'integrations').integrations).toEqual([]);
  });
});
