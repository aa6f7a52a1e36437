import type { BillingPeriod } from '../capture.types';
import type { PageContext } from './page-context';
import type { FoundPrice } from './price-parser';
import type { PlanDraft } from './pricing-plan';
import { jsonLdOfType, ldText, microdataOfType, microText, type JsonLdNode, type MicrodataItem } from './structured-data';

function asList(value: unknown): JsonLdNode[] {
  if (Array.isArray(value)) return value.filter((v): v is JsonLdNode => !!v && typeof v === 'object');
  return value && typeof value === 'object' ? [value as JsonLdNode] : [];
}

/** schema.org billing hints: billingDuration P1M/P1Y, unitCode MON/ANN, unitText "month". */
function periodOf(spec: JsonLdNode | undefined): BillingPeriod {
  if (!spec) return 'unknown';
  const hint = `${ldText(spec.billingDuration) ?? ''} ${ldText(spec.unitCode) ?? ''} ${ldText(spec.unitText) ?? ''} ${ldText(spec.referenceQuantity) ?? ''}`.toUpperCase();
  if (/P1M|\bMON\b|MONTH/.test(hint)) return 'month';
  if (/P1Y|P12M|\bANN\b|YEAR|ANNUAL/.test(hint)) return 'year';
  if (/P1W|\bWEE\b|WEEK/.test(hint)) return 'week';
  if (/P1D|\bDAY\b/.test(hint)) return 'day';
  if (/PT1H|\bHUR\b|HOUR/.test(hint)) return 'hour';
  return 'unknown';
}

function offerPrice(offer: JsonLdNode): FoundPrice | null {
  const spec = asList(offer.priceSpecification)[0];
  const raw = offer.price ?? offer.lowPrice ?? spec?.price;
  const amount = raw === undefined || raw === null || raw === '' ? null : Number(String(raw).replace(/,/g, ''));
  if (amount !== null && !Number.isFinite(amount)) return null;
  const currency = ldText(offer.priceCurrency) ?? ldText(spec?.priceCurrency);
  const period = periodOf(spec);
  const text = [currency, amount ?? '', period !== 'unknown' ? `/${period}` : ''].filter((p) => p !== '').join(' ').trim();
  return { price: { amount, currency, period, unit: null, text }, index: 0, end: 0, derived: false };
}

/** Plans declared as schema.org Product/Offer (used when present, merged with the page by name). */
export function plansFromStructuredData(ctx: PageContext): PlanDraft[] {
  const drafts: PlanDraft[] = [];
  for (const product of [...jsonLdOfType(ctx.data, ['Product', 'Service', 'SoftwareApplication', 'WebApplication'])]) {
    const offers = asList(product.offers).flatMap((o) => (asList(o.offers).length ? asList(o.offers) : [o]));
    for (const offer of offers) {
      const name = ldText(offer.name) ?? ldText(product.name);
      const price = offerPrice(offer);
      if (!name || !price) continue;
      drafts.push({ name, prices: [price], features: [], cta: null, priceNotes: [] });
    }
  }
  // An AggregateOffer may list its offers; each is a plan, the aggregate itself only when alone.
  const standalone = jsonLdOfType(ctx.data, ['Offer', 'AggregateOffer']).flatMap((o) => (asList(o.offers).length ? asList(o.offers) : [o]));
  for (const offer of standalone) {
    const name = ldText(offer.name);
    const price = offerPrice(offer);
    if (name && price) drafts.push({ name, prices: [price], features: [], cta: null, priceNotes: [] });
  }
  for (const offer of microdataOfType(ctx.data, ['Offer', 'AggregateOffer'])) {
    const draft = microdataOffer(offer);
    if (draft) drafts.push(draft);
  }
  return drafts;
}

/** An Offer marked up with itemprop="name|price|priceCurrency" (and an optional billing spec). */
function microdataOffer(offer: MicrodataItem): PlanDraft | null {
  const name = microText(offer, 'name');
  const spec = offer.props.priceSpecification?.find((v): v is MicrodataItem => typeof v !== 'string');
  const node: JsonLdNode = {
    price: microText(offer, 'price') ?? microText(offer, 'lowPrice') ?? (spec && microText(spec, 'price')),
    priceCurrency: microText(offer, 'priceCurrency') ?? (spec && microText(spec, 'priceCurrency')),
    priceSpecification: spec
      ? { billingDuration: microText(spec, 'billingDuration'), unitCode: microText(spec, 'unitCode'), unitText: microText(spec, 'unitText') }
      : undefined,
  };
  const price = offerPrice(node);
  return name && price ? { name, prices: [price], features: [], cta: null, priceNotes: [] } : null;
}
