import { fieldsOf, fixtureFile } from './__fixtures__/pages';

describe('careers extraction', () => {
  it('reads openings with location, team from the group heading, and URL', () => {
    const { openings } = fieldsOf(fixtureFile('careers.html'), 'https://lumen.example/careers/', 'careers');
    expect(openings).toEqual([
      { key: '/careers/senior-backend-engineer/', title: 'Senior Backend Engineer', location: 'Remote (EU)', team: 'Engineering', url: 'https://lumen.example/careers/senior-backend-engineer/' },
      { key: '/careers/sre/', title: 'Site Reliability Engineer', location: 'Berlin, Germany', team: 'Engineering', url: 'https://lumen.example/careers/sre/' },
      { key: 'boards.greenhouse.io/lumen/jobs/4471', title: 'Account Executive', location: 'New York, USA', team: 'Sales', url: 'https://boards.greenhouse.io/lumen/jobs/4471' },
    ]);
  });

  it('prefers JobPosting structured data when present', () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Product Designer',
      url: 'https://lumen.example/careers/designer',
      occupationalCategory: 'Design',
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Lisbon', addressCountry: 'PT' } },
    })}</script></head><body><main><h1>Careers</h1></main></body></html>`;
    expect(fieldsOf(html, 'https://lumen.example/careers/', 'careers').openings).toEqual([
      { key: '/careers/designer', title: 'Product Designer', location: 'Lisbon, PT', team: 'Design', url: 'https://lumen.example/careers/designer' },
    ]);
  });

  it('finds no openings on a page without job links', () => {
    expect(fieldsOf('<html><body><main><h1>Careers</h1><p>No open roles right now.</p></main></body></html>', 'https://x.example/careers', 'careers').openings).toEqual([]);
  });
});
