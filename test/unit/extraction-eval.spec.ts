import { evaluateExtraction, formatReport, type ExtractionReport } from '../fixtures/corpus/evaluate';

/**
 * Pages of the newest corpus batches still under the per-page floor, each with the cause left open
 * (issue 29; docs/extraction.md, "Corpus batches"). Their misses count in the overall figure; the
 * list may only shrink: a listed page that reaches the floor fails the test until it is taken off.
 */
const BELOW_FLOOR_OPEN = new Map<string, string>([
  [
    'changelog-playwright-release-notes-pair',
    'the fact "Cancel operations with AbortSignal" is a ### feature heading inside a release, where the changelog reader takes items from lists',
  ],
  [
    'pricing-apitally-price-cut-pair',
    'the limits line was rewritten with its quantities reordered ("Up to 10 consumers and 5 active app instances" → "Up to 3 active app instances and 10 consumers"): a feature removed and one added, not limit_changed',
  ],
  [
    'pricing-huggingface-spaces-gpu-pair',
    'GPU rows of a pipe table are line items, so a new GPU row is price_added and the removed TPU table price_removed where the facts ask plan_added and plan_removed',
  ],
  [
    'pricing-tigris-instant-retrieval-pair',
    'a comparison table with the storage tiers as columns and the cost components as rows: per-tier storage prices are not read as line items of the tiers',
  ],
  [
    'pricing-storj-object-mount-pair',
    'the two licensing models are rows of a table that prices neither; each is priced in a "Details: <model>" section further down ("License pricing per user: $75/mo."), read as line items, not plans',
  ],
  [
    'pricing-dashbird-per-resource-pair',
    'Professional\'s "$4 / GB log ingest" is read as its second price where the facts call it a line item, and the free plan renamed Basic → Community is a rename, not its resource limit changed',
  ],
  [
    'pricing-fiber-base-plan-pair',
    'before, each plan is a two-column table whose header row is its price (one with no body rows); after, the one plan is named in bold prose over an add-on package table: neither is read as plans',
  ],
  [
    'pricing-triggerdev-limits-addons-pair',
    'a limits page: each limit is a table with the tiers as rows, and its add-on prices are sentences below it ("Additional bundles above the Pro tier are available for $10/month per 100 concurrent runs"), read as line items named by the sentence, not by the limit',
  ],
  [
    'pricing-greenkeeper-euro-prices-pair',
    'each plan card is a link holding up to eight prices (USD and EUR, monthly and yearly, and per-repo add-ons) with an unclosed </a> inside: the cards are not read, and the "Personal Plan" headings give plans priced by their first add-on line',
  ],
  [
    'pricing-millis-tts-providers-pair',
    'each LLM is a bold list item over its rates ("Input: $5.00 per 1 million tokens", "Output: …", "Estimated costs per minute: $0.004 per minute"), read as one line item per rate; the fact names the model by its per-minute estimate, the third of them',
  ],
  [
    'homepage-node-red-pair',
    'the homepage links its docs at "/docs/" (navigation) and at "/docs/getting-started/" (the hero\'s button): discovery takes the docs root, the fact the getting-started page',
  ],
  [
    'pricing-netlicensing-eur-plans-trial-pair',
    'Enterprise renamed Select with another price and tagline is read as one plan removed and one added, and the "Free Premium Trial" of 90 days sits in a heading sentence ("access to All NetLicensing features for 30 days") that the trial reader does not take',
  ],
  [
    'pricing-polar-paid-plans-pair',
    'the free Starter plan\'s "5% + 50¢" transaction fee is read as its price, and the fee table\'s "Dispute/Chargeback Fees" row and the per-transaction rise are read from a table whose rows mix percentages and amounts',
  ],
  [
    'docs-meilisearch-cloud-dedicated-resources-pair',
    'the facts ask feature_added for three regions added as rows of a docs page\'s table; a docs page has no feature list, and the rows come out in its content change only',
  ],
  [
    'homepage-ntfy-pair',
    'the facts ask section_removed for the "Privacy policy" section taken off a homepage; a homepage capture keeps its headline, calls to action and navigation, not its sections',
  ],
  [
    'pricing-agorakit-dedicated-hosting-eur-pair',
    'the shared-platform tiers removed are named "Tarif normal" and "Tarif de soutien" like the dedicated ones kept, so "Agora partagée" (their heading) is not a plan removed, and a pricing page\'s headline is not one of its fields',
  ],
  [
    'pricing-risingwave-cloud-developer-free-pair',
    'Pro is "Pay-as-you-go" with its per-RWU rates moved to "contact our sales team", read as a plan with no price where the fact asks one with no amount, and Standard → Pro, Invited → Enterprise renamed with new descriptions come out as plans removed and added',
  ],
  [
    'pricing-localstack-team-plan-pair',
    'Pro shows "<del>€ 20</del> € 15 / month", € 15 for the first two months (a footnote): pricing reads a struck price as the former one, so Pro is € 15 where the fact says the regular € 20',
  ],
]);

/**
 * Floors for the corpus of real pages (test/fixtures/corpus): the real extractor, discovery and
 * differ against the facts each case's expected.json lists. The report is printed on failure so a
 * regression names its pages and facts.
 */
describe('extraction evaluation on the corpus of real pages', () => {
  let report: ExtractionReport;

  // About 35 s in the full suite on a 2-core machine with 194 cases; the corpus grows by batches.
  beforeAll(() => {
    report = evaluateExtraction();
  }, 300_000);

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

  it('finds at least 85% of the expected facts on every page but the open ones listed, and a listed page that reaches it leaves the list', () => {
    const below = (r: ExtractionReport['results'][number]) => r.found / r.total < 0.85;
    const low = report.results.filter((r) => below(r) && !BELOW_FLOOR_OPEN.has(r.id)).map((r) => `${r.id} ${r.found}/${r.total}`);
    const reached = report.results.filter((r) => BELOW_FLOOR_OPEN.has(r.id) && !below(r)).map((r) => r.id);
    const unknown = [...BELOW_FLOOR_OPEN.keys()].filter((id) => !report.results.some((r) => r.id === id));
    expect({ low, reached, unknown, report: low.length ? explain() : '' }).toEqual({ low: [], reached: [], unknown: [], report: '' });
  });

  it('reports no change on any noise-only version of a pair', () => {
    const noisy = report.results.filter((r) => r.falseChanges.length).map((r) => `${r.id}: ${r.falseChanges.join('; ')}`);
    expect({ noisy, report: noisy.length ? explain() : '' }).toEqual({ noisy: [], report: '' });
  });
});
