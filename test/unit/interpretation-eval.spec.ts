import { evaluateInterpretation, formatReport, type EvaluationReport } from '../fixtures/interpretation/evaluate';

/**
 * Floors for the labelled evaluation set (test/fixtures/interpretation): the real extractor, the
 * real differ and the rules interpreter on realistic and real page pairs. The report is printed
 * on failure so a regression names its cases.
 */
describe('interpretation evaluation set', () => {
  let report: EvaluationReport;

  beforeAll(async () => {
    report = await evaluateInterpretation();
  });

  const explain = () => `\n${formatReport(report)}`;

  it('covers at least 40 labelled pairs across every monitor type, noise pairs included', () => {
    const types = new Set(report.results.map((result) => result.diff.monitor_type));

    expect(report.cases).toBeGreaterThanOrEqual(40);
    expect(report.noiseCases).toBeGreaterThanOrEqual(8);
    expect([...types].sort()).toEqual(['blog', 'careers', 'changelog', 'custom', 'docs', 'homepage', 'integrations', 'pricing']);
  });

  it('gives zero changes on every noise pair', () => {
    const noisy = report.results.filter((result) => result.noise && result.changed).map((result) => result.id);

    expect({ noisy, report: noisy.length ? explain() : '' }).toEqual({ noisy: [], report: '' });
  });

  it.each([
    ['category', 0.9],
    ['severity_within_one_step', 0.9],
    ['summary_facts', 0.9],
    ['wording', 0.95],
  ] as const)('gets %s right on at least %p of the changes', (field, floor) => {
    const { rate } = report.accuracy[field];

    if (rate < floor) throw new Error(`${field} ${(rate * 100).toFixed(1)}% is below ${floor * 100}%${explain()}`);
  });
});
