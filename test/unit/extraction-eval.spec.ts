import { evaluateExtraction, formatReport, type ExtractionReport } from '../fixtures/corpus/evaluate';

/**
 * Floors for the corpus of real pages (test/fixtures/corpus): the real extractor, discovery and
 * differ against the facts each case's expected.json lists. The report is printed on failure so a
 * regression names its pages and facts.
 */
describe('extraction evaluation on the corpus of real pages', () => {
  let report: ExtractionReport;

  beforeAll(() => {
    report = evaluateExtraction();
  });

  const explain = () => `\n${formatReport(report)}`;

  it('covers at least 40 pages from at least 15 sites, every surface type among them', () => {
    const types = new Set(report.results.map((r) => r.type));
    expect({ pages: report.pages >= 40, sites: report.sites >= 15 }).toEqual({ pages: true, sites: true });
    for (const type of ['pricing', 'blog', 'changelog', 'docs', 'homepage']) expect(types).toContain(type);
  });

  it('finds at least 95% of the expected facts overall', () => {
    const rate = report.found / report.total;
    if (rate < 0.95) throw new Error(`facts found ${report.found} of ${report.total} (${(rate * 100).toFixed(1)}%)${explain()}`);
  });

  it('finds at least 85% of the expected facts on every page', () => {
    const low = report.results.filter((r) => r.found / r.total < 0.85).map((r) => `${r.id} ${r.found}/${r.total}`);
    expect({ low, report: low.length ? explain() : '' }).toEqual({ low: [], report: '' });
  });

  it('reports no change on any noise-only version of a pair', () => {
    const noisy = report.results.filter((r) => r.falseChanges.length).map((r) => `${r.id}: ${r.falseChanges.join('; ')}`);
    expect({ noisy, report: noisy.length ? explain() : '' }).toEqual({ noisy: [], report: '' });
  });
});
