import type {
  BlogFields,
  CaptureFields,
  CareersFields,
  ChangelogFields,
  CustomFields,
  DocsFields,
  HomepageFields,
  IntegrationsFields,
  MonitorType,
  PricingFields,
} from '../capture/capture.types';
import { diffBlog } from './blog.differ';
import { diffCareers } from './careers.differ';
import { diffChangelog } from './changelog.differ';
import { diffCustom } from './custom.differ';
import { deriveCategory, deriveDelta, deriveDirection } from './derive';
import type { DiffResult, FieldDiff } from './diff.types';
import { diffDocs } from './docs.differ';
import { findExtractionGap } from './extraction-gap';
import { diffHomepage } from './homepage.differ';
import { diffIntegrations } from './integrations.differ';
import { markdownDiff } from './markdown-diff';
import { diffPricing } from './pricing.differ';
import { pricesChangedInText } from './prices-in-text';

export interface CaptureSide {
  fields: CaptureFields;
  markdown: string;
}

type Differ = (before: CaptureFields, after: CaptureFields) => FieldDiff[];

// Both captures of a monitor are extracted for its type, so each differ may read its own shape.
const DIFFERS: Record<MonitorType, Differ> = {
  blog: (before, after) => diffBlog(before as BlogFields, after as BlogFields),
  careers: (before, after) => diffCareers(before as CareersFields, after as CareersFields),
  changelog: (before, after) => diffChangelog(before as ChangelogFields, after as ChangelogFields),
  custom: (before, after) => diffCustom(before as CustomFields, after as CustomFields),
  docs: (before, after) => diffDocs(before as DocsFields, after as DocsFields),
  homepage: (before, after) => diffHomepage(before as HomepageFields, after as HomepageFields),
  integrations: (before, after) => diffIntegrations(before as IntegrationsFields, after as IntegrationsFields),
  pricing: (before, after) => diffPricing(before as PricingFields, after as PricingFields),
};

/**
 * Compares two captures of one monitor: typed field diffs, the markdown diff, and what they add up to.
 * Changed text of the main content that no typed diff explains (an extraction gap) is added as one
 * alertable content change, so no real change is lost to an extractor's blind spot. When nothing
 * typed alerts, the change keeps the monitor type's usual category.
 */
export function diffCaptures(type: MonitorType, before: CaptureSide, after: CaptureSide): DiffResult {
  const raw_diff = markdownDiff(before.markdown, after.markdown);
  const fieldsDiffs = DIFFERS[type](before.fields, after.fields);
  // A pricing page's prices in running text are read from the changed lines when no extractor reads them.
  const typed = type === 'pricing' ? [...fieldsDiffs, ...pricesChangedInText(raw_diff, fieldsDiffs)] : fieldsDiffs;
  const finding = findExtractionGap(type, before.fields, after.fields, raw_diff, typed, { before: before.markdown, after: after.markdown });
  const field_diffs = finding ? [...typed, finding.diff] : typed;
  const typedAlerts = typed.some((diff) => diff.tier === 'alertable');
  return {
    monitor_type: type,
    field_diffs,
    raw_diff,
    category: deriveCategory(type, finding && !typedAlerts ? [] : field_diffs),
    direction: deriveDirection(field_diffs),
    delta: deriveDelta(field_diffs),
    alertable: field_diffs.some((diff) => diff.tier === 'alertable'),
    extraction_gap: finding?.gap ?? null,
  };
}
