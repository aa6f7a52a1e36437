import { squash } from './text';
import type { ChangeCategory } from '../../diffing/diff.types';

/**
 * What a new post, entry, announcement or section announces, read from its title and excerpt.
 * Most posts are articles (no signal); the few that announce a launch, a price change, money or a
 * deal are what a competitor-watcher must not miss, so they are scored and categorised apart.
 */
export type Signal =
  | 'acquisition'
  | 'funding'
  | 'pricing'
  | 'partnership'
  | 'launch'
  | 'deprecation'
  | 'customer_story'
  | 'compliance';

/** Checked in this order: the rarer and weightier announcement wins when a title reads as two. */
const PATTERNS: Array<[Signal, RegExp]> = [
  ['acquisition', /\bacquir(?:e|es|ed|ing)\b|\bacquisition\b|\bmerg(?:es|ed|er|ing) with\b|\bjoins forces\b/i],
  [
    'funding',
    /\bseries [a-f]\b|\bseed round\b|\bfunding round\b|\braises? [$€£]?\d|\braised [$€£]?\d|\bfunding\b|\bvaluation\b|\bled by [A-Z]/i,
  ],
  [
    'pricing',
    /\bpric(?:e|es|ing)\b|\bbilling\b|\bsubscriptions?\b|\bdiscount\b|\bintroducing the \w+ plan\b|\bnew \w+ plan\b|\bfree (?:plan|tier)\b/i,
  ],
  ['partnership', /\bpartner(?:s|ship|ships|ed|ing)?\b|\bteams? up with\b|\balliance\b|\bintegration with\b/i],
  ['deprecation', /\bdeprecat(?:e|ed|es|ing|ion)\b|\bsunset(?:s|ting)?\b|\bend[- ]of[- ]life\b|\bdiscontinu(?:e|ed|es|ing)\b|\bremov(?:ed|es|ing) support\b/i],
  [
    'launch',
    /\bintroduc(?:e|es|ed|ing)\b|\blaunch(?:es|ed|ing)?\b|\bannounc(?:e|es|ed|ing)\b|\bunveil(?:s|ed|ing)?\b|\bnow available\b|\bgenerally available\b|\bavailable now\b|\bmeet \p{Lu}|\bis here\b|\bare here\b|^new:/iu,
  ],
  [
    'customer_story',
    /\bcustomer stor(?:y|ies)\b|\bcase study\b|^how \p{Lu}[\p{L}.&-]*(?: \p{Lu}[\p{L}.&-]*)? (?:cut|saved?|grew|increased?|reduced?|scaled?|uses?|built|moved|doubled|switched)\b/iu,
  ],
  ['compliance', /\bsoc ?2\b|\biso ?27001\b|\bhipaa\b|\bgdpr\b|\bfedramp\b|\bpci[- ]dss\b|\bsecurity certification\b/i],
];

export function signalOf(...texts: unknown[]): Signal | null {
  const title = squash(texts[0]);
  const rest = texts.slice(1).map(squash).filter(Boolean).join(' ');
  // The title decides first: an excerpt that mentions pricing in passing does not make a launch a pricing story.
  for (const [signal, pattern] of PATTERNS) if (pattern.test(title)) return signal;
  for (const [signal, pattern] of PATTERNS) {
    // Customer stories and pricing changes are told by their titles; excerpts mention customers,
    // plans and subscriptions in passing all the time, and a post is a pricing change only when it is about pricing.
    if (signal !== 'customer_story' && signal !== 'pricing' && pattern.test(rest)) return signal;
  }
  return null;
}

/** The category a signal gives a change, overriding the monitor-type default. */
export const SIGNAL_CATEGORY: Record<Signal, ChangeCategory> = {
  acquisition: 'other',
  compliance: 'social_proof',
  customer_story: 'social_proof',
  deprecation: 'feature',
  funding: 'other',
  launch: 'feature',
  partnership: 'partnership',
  pricing: 'pricing',
};

/** How a post with this signal is described in a sentence. */
export const SIGNAL_NOUN: Record<Signal, string> = {
  acquisition: 'an acquisition',
  compliance: 'a security certification',
  customer_story: 'a customer story',
  deprecation: 'a deprecation',
  funding: 'a funding round',
  launch: 'a launch',
  partnership: 'a partnership',
  pricing: 'a pricing change',
};

/** Words that mark a feature, doc page or nav item as enterprise-grade or strategic. */
export const STRATEGIC = /\b(?:sso|saml|scim|audit logs?|enterprise|ai|artificial intelligence|llm|gpt|copilot|agents?|api|sla|hipaa|soc ?2|data residency|white[- ]label)\b/i;

/** Platforms whose integration changes who a product can sell to. */
export const MAJOR_PLATFORMS =
  /\b(?:salesforce|hubspot|shopify|amazon|aws|microsoft|teams|azure|google|sap|oracle|slack|zendesk|stripe|workday|servicenow|snowflake|github|gitlab|atlassian|jira|okta)\b/i;

/** Calls to action that route buyers to sales instead of self-serve. */
export const SALES_LED = /\b(?:demo|sales|contact|talk to|book a|schedule a|request a quote|get a quote)\b/i;
/** Calls to action that let buyers start on their own. */
export const SELF_SERVE = /\b(?:free trial|try|start|sign ?up|get started|buy|subscribe)\b/i;
