import type { BlogPost, ChangelogEntry } from '../../capture/capture.types';
import type { RuleContext } from './context';
import { itemKind } from './entry-facts';
import { titleOf, type Reading } from './readings';
import { squash } from './text';

/**
 * SEO keywords: the topics a competitor's new content targets, as search phrases you could compete
 * for. Taken from the titles of new posts, docs pages and sections, custom-page headings, new
 * integrations and the items of new releases; split at punctuation and stop-words, without the
 * competitor's own name, numbers or release labels; deduplicated, at most eight.
 */
export const MAX_KEYWORDS = 8;

const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers how i if in into is it
  its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such
  than that the their theirs them then there these they this those through to too under until up very was we were what when where
  which while who whom why will with would you your yours us via per vs get gets got every everything anything thing things way
  ways today new now introducing introduces introduce announcing announces announce meet here available generally
  launch launches launching launched release releases released explained part better faster easier more less using use
  tips guide guides ultimate best top lessons learned why how what you're we're it's let's
  bring brings help helps make makes let lets add adds cut cuts give gives keep keeps take takes`.split(/\s+/),
);

/** Single words too generic to be a keyword on their own. */
const GENERIC = new Set(
  `team teams company customers customer people work year years month time plans plan product products feature features
  update updates page pages post posts blog story stories users user support raises raise acquires acquired partners bring brings
  make makes adds added cut cuts changes change moves moved joins join built build ship ships shipped report`.split(/\s+/),
);

export function keywordsOf(readings: readonly Reading[], ctx: RuleContext): string[] {
  const nameWords = new Set(words(`${ctx.competitor}`));
  const phrases: string[] = [];
  for (const text of sourceTexts(readings)) {
    for (const phrase of phrasesOf(text, nameWords)) if (!phrases.includes(phrase)) phrases.push(phrase);
  }
  // A single word already inside a kept phrase adds nothing.
  const kept = phrases.filter(
    (phrase) => phrase.includes(' ') || !phrases.some((other) => other !== phrase && other.split(' ').includes(phrase)),
  );
  return kept.slice(0, MAX_KEYWORDS);
}

function sourceTexts(readings: readonly Reading[]): string[] {
  const texts: string[] = [];
  for (const reading of readings) {
    const { diff } = reading;
    if (diff.op !== 'added' || !reading.alertable) continue;
    switch (diff.change_type) {
      case 'post_added':
        // Deal news ("raises $40M Series B", "acquires Kubewise") names companies, not topics people search for.
        if (reading.signal === 'funding' || reading.signal === 'acquisition') break;
        texts.push(squash((diff.new as Partial<BlogPost> | null)?.title));
        break;
      case 'entry_added': {
        const entry = diff.new as Partial<ChangelogEntry> | null;
        // New features name the topics; fixes describe bugs nobody searches for.
        for (const item of Array.isArray(entry?.items) ? entry.items : []) if (itemKind(item) === 'feature') texts.push(squash(item));
        break;
      }
      case 'page_added':
      case 'section_added':
      case 'heading_added':
        texts.push(titleOf(diff.new));
        break;
      case 'integration_added':
        texts.push(`${titleOf(diff.new)} integration`);
        break;
      default:
        break;
    }
  }
  return texts.filter((text) => text.trim() !== '');
}

function phrasesOf(text: string, nameWords: Set<string>): string[] {
  const cleaned = text
    .replace(/^\s*(?:new|added|add|feature|features|improved|fixed)\s*:\s*/i, '')
    .replace(/[$€£]\s?\d[\d.,]*\s?[kmb]?\b/gi, ' | ')
    .replace(/\bv?\d+(?:\.\d+)+\b/g, ' | ');
  const phrases: string[] = [];
  for (const chunk of cleaned.split(/[:;,.!?()[\]{}“”"'‘’|–—/&+]+|\s-\s/)) {
    let current: string[] = [];
    const flush = () => {
      if (current.length > 0) phrases.push(...accept(current));
      current = [];
    };
    for (const word of words(chunk)) {
      if (STOP.has(word) || nameWords.has(word) || /^\d+%?$/.test(word)) flush();
      else current.push(word);
    }
    flush();
  }
  return phrases;
}

function accept(run: string[]): string[] {
  const phrase = run.slice(0, 4);
  if (phrase.length === 1) {
    const [word] = phrase;
    return word.length >= 4 && !GENERIC.has(word) ? [word] : [];
  }
  return [phrase.join(' ')];
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.map((w) => w.replace(/['’-]+$/, '')) ?? [];
}
