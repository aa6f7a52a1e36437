import { fieldsOf } from './__fixtures__/pages';

/*
 * Product-update pages built from cards of "Label: value" lines, in the shapes such pages take:
 * bold labels in paragraphs, labels split by <br>, definition lists and two-column tables; and
 * entries listed under month or day headings.
 */
const URL = 'https://relay.example/product-updates';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>Product updates — Relay</title></head><body><header><nav><a href="/">Home</a></nav></header><main><h1>Product updates</h1>${body}</main></body></html>`;
const entries = (body: string) => fieldsOf(page(body), URL, 'changelog').entries.map((e) => [e.title, e.date, e.items]);

const UPDATES = [
  ['Bulk user import', 'Admin', '21-February-2025', 'Import up to 5,000 users from a CSV file.'],
  ['Audit log export', 'Security', '14-February-2025', 'Stream the audit log to your S3 bucket.'],
  ['Dark mode', 'Dashboard', '3-February-2025', 'A dark theme that follows your system setting.'],
];
const EXPECTED = [
  ['Bulk user import', '2025-02-21', ['Import up to 5,000 users from a CSV file.']],
  ['Audit log export', '2025-02-14', ['Stream the audit log to your S3 bucket.']],
  ['Dark mode', '2025-02-03', ['A dark theme that follows your system setting.']],
];

describe('changelog cards of label/value lines', () => {
  it('reads bold labels, one per paragraph', () => {
    const cards = UPDATES.map(
      ([feature, area, date, text]) =>
        `<div class="update-card shadow"><p><strong>Feature:</strong> ${feature}</p><p><strong>Product Area:</strong> ${area}</p><p><strong>Date:</strong> ${date}</p><p><strong>Description:</strong> ${text}</p></div>`,
    );
    expect(entries(`<div class="updates">${cards.join('')}</div>`)).toEqual(EXPECTED);
  });

  it('reads labels split by line breaks in one block', () => {
    const cards = UPDATES.map(([feature, area, date, text]) => `<article class="post"><p><b>Feature</b>: ${feature}<br><b>Product Area</b>: ${area}<br><b>Date</b>: ${date}<br><b>Description</b>: ${text}</p></article>`);
    expect(entries(cards.join(''))).toEqual(EXPECTED);
  });

  it('reads definition lists and two-column tables', () => {
    const lists = UPDATES.map(([feature, area, date, text]) => `<dl class="release"><dt>Feature</dt><dd>${feature}</dd><dt>Product Area</dt><dd>${area}</dd><dt>Date</dt><dd>${date}</dd><dt>Description</dt><dd>${text}</dd></dl>`);
    expect(entries(`<section>${lists.join('')}</section>`)).toEqual(EXPECTED);
    const tables = UPDATES.map(
      ([feature, area, date, text]) =>
        `<table class="update"><tbody><tr><th>Title</th><td>${feature}</td></tr><tr><th>Product Area</th><td>${area}</td></tr><tr><th>Release date</th><td>${date}</td></tr><tr><th>Details</th><td>${text}</td></tr></tbody></table>`,
    );
    expect(entries(tables.join(''))).toEqual(EXPECTED);
  });
});

describe('changelog entries under month or day headings', () => {
  it('makes each list item under a month heading an entry dated from it', () => {
    const body = '<h2>March 2025</h2><ul><li><strong>Webhooks v2</strong> with retries and signatures</li><li>CSV export for every report</li></ul><h2>February 2025</h2><ul><li>Dark mode</li></ul>';
    expect(entries(body).map(([title, date]) => [title, date])).toEqual([
      ['Webhooks v2 with retries and signatures', '2025-03'],
      ['CSV export for every report', '2025-03'],
      ['Dark mode', '2025-02'],
    ]);
  });

  it('makes each paragraph under a day heading an entry dated from it', () => {
    const body = [
      '<h3>February 21, 2025</h3>',
      '<p><strong>Bulk user import.</strong> Import up to 5,000 users from a CSV file.</p>',
      '<p><strong>Faster search.</strong> Search results now load in under 200 ms.</p>',
      '<h3>February 14, 2025</h3>',
      '<p><strong>Audit log export.</strong> Stream the audit log to your S3 bucket.</p>',
    ].join('');
    expect(entries(body)).toEqual([
      ['Bulk user import', '2025-02-21', ['Import up to 5,000 users from a CSV file.']],
      ['Faster search', '2025-02-21', ['Search results now load in under 200 ms.']],
      ['Audit log export', '2025-02-14', ['Stream the audit log to your S3 bucket.']],
    ]);
  });
});

describe('a document history table (AWS docs, corpus)', () => {
  it('reads each row as an entry titled by its "Change" column and dated by its "Date" column, not named by the link in its description', () => {
    const rows = UPDATES.map(
      ([title, , date, description]) => `<tr><td>${title}</td><td>${description} For more information, see <a href="/guide/${date}">the guide</a>.</td><td>${date}</td></tr>`,
    ).join('');
    expect(entries(`<table><thead><tr><th>Change</th><th>Description</th><th>Date</th></tr></thead><tbody>${rows}</tbody></table>`)).toEqual(
      EXPECTED.map(([title, date, [item]]) => [title, date, [`${item} For more information, see the guide.`]]),
    );
  });
});

