import type { BlogPost } from '../../../capture/capture.types';
import { ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import type { Reading } from '../readings';
import { SIGNAL_CATEGORY, SIGNAL_NOUN, type Signal } from '../signals';
import { capitalise, listJoin, quote, sentence, squash } from '../text';

/* Blog posts: one that announces something stands alone; ordinary articles are reported together. */

/** One post that announces something: a launch, a deal, money, prices. */
export function writePost(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const reading = cluster.readings[0];
  const post = (reading.diff.new ?? reading.diff.old) as Partial<BlogPost> | null;
  const title = squash(post?.title) || squash(reading.path.key);
  const retitle = cluster.readings.find((r) => r.diff.change_type === 'post_updated' && r.path.rest === 'title' && r.alertable);
  if (retitle) {
    const [from, to] = [squash(retitle.diff.old), squash(retitle.diff.new)];
    return {
      sentence: sentence(`${c} retitled the post ${quote(from, 80)} to ${quote(to, 80)}`),
      headline: `Post retitled: ${quote(to, 60)}`,
      meaning: `${c} reframed a published post.`,
      why: `A new title on the same post (${quote(to, 80)}) shows how ${c} now wants the story told; it can matter where you cite or answer that post.`,
      action: `Check whether your materials quote the old title ${quote(from, 60)} and update them.`,
    };
  }
  if (reading.diff.change_type === 'post_updated') {
    const fields = listJoin(cluster.readings.map((r) => r.path.rest).filter(Boolean));
    return {
      sentence: sentence(`${c} edited the post ${quote(title)} (${fields || 'content'} changed)`),
      headline: `Post edited: ${quote(title, 60)}`,
      meaning: `An existing post was edited.`,
      why: `Edits to published posts rarely change the story; worth a glance only if the post is one you cite.`,
      action: `No action needed unless you reference this post.`,
    };
  }
  const signal = reading.signal as Signal;
  const verb = signal === 'customer_story' ? 'published' : 'announced';
  return {
    sentence: sentence(`${c} ${verb} ${SIGNAL_NOUN[signal]} on its blog: ${quote(title, 110)}`),
    headline: `${capitalise(SIGNAL_NOUN[signal].replace(/^an? /, ''))}: ${quote(title, 70)}`,
    meaning: signalMeaning(signal, c, title),
    why: signalWhy(signal, c, title, squash(post?.excerpt)),
    action: signalAction(signal, c, title),
    category: SIGNAL_CATEGORY[signal],
  };
}

function signalMeaning(signal: Signal, c: string, title: string): string {
  switch (signal) {
    case 'launch':
      return `${c} shipped something new: ${quote(title, 70)}.`;
    case 'pricing':
      return `${c} is changing its prices or plans.`;
    case 'funding':
      return `${c} has fresh capital to spend on sales and product.`;
    case 'acquisition':
      return `${c} is buying capabilities instead of building them.`;
    case 'partnership':
      return `${c} is borrowing a partner's reach and credibility.`;
    case 'customer_story':
      return `${c} has a new public reference customer.`;
    case 'compliance':
      return `${c} cleared a security or compliance bar.`;
    case 'deprecation':
      return `${c} is retiring something customers use.`;
  }
}

function signalWhy(signal: Signal, c: string, title: string, excerpt: string): string {
  const detail = excerpt ? ` ${quote(excerpt, 140)}` : '';
  switch (signal) {
    case 'launch':
      return `${c} launched ${quote(title, 80)}: a new capability prospects will ask you about.${detail}`;
    case 'pricing':
      return `${c} announced a pricing change (${quote(title, 80)}); deals in progress may be re-quoted against the new prices.${detail}`;
    case 'funding':
      return `New money usually means more sales hires, more ads and faster roadmap work at ${c}; expect more pressure in deals over the next quarters.${detail}`;
    case 'acquisition':
      return `The acquisition (${quote(title, 80)}) extends ${c}'s product and can change which deals it competes in.${detail}`;
    case 'partnership':
      return `The partnership (${quote(title, 80)}) gives ${c} a distribution channel and an integration story you may not have.${detail}`;
    case 'customer_story':
      return `${c} can now point prospects in that customer's segment to a public success story.${detail}`;
    case 'compliance':
      return `The certification removes an objection security teams raise against ${c} in larger deals.${detail}`;
    case 'deprecation':
      return `Customers of what ${c} retires must migrate, which is a moment they also compare alternatives.${detail}`;
  }
}

function signalAction(signal: Signal, c: string, title: string): string {
  switch (signal) {
    case 'launch':
      return `Read the announcement, compare it with your roadmap and give sales a one-line answer to ${quote(title, 60)}.`;
    case 'pricing':
      return `Read ${c}'s pricing announcement and update the comparison page and battlecards before the change takes effect.`;
    case 'funding':
      return `Brief sales that ${c} will push harder; refresh the battlecard and watch ${c}'s hiring and ad spend.`;
    case 'acquisition':
      return `Assess what the acquired product adds to ${c} and whether it overlaps your roadmap; prepare a positioning answer.`;
    case 'partnership':
      return `Check whether you integrate with the same partner, and prepare an answer for deals where the partnership comes up.`;
    case 'customer_story':
      return `Check whether the featured customer's segment overlaps your pipeline and prepare a counter-reference.`;
    case 'compliance':
      return `Make sure your own security and compliance claims are as visible as ${c}'s.`;
    case 'deprecation':
      return `Offer a migration path to customers affected by ${c}'s deprecation.`;
  }
}

/** Ordinary articles, added or removed, reported together. */
export function writePosts(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'post_added').map((r) => postTitle(r));
  const removed = ofType(cluster, 'post_removed').map((r) => postTitle(r));
  const clauses: string[] = [];
  if (added.length === 1) clauses.push(`published a new blog post: ${quote(added[0], 110)}`);
  if (added.length > 1) clauses.push(`published ${added.length} new blog posts: ${listJoin(added.map((t) => quote(t, 70)), 3)}`);
  if (removed.length === 1) clauses.push(`removed the post ${quote(removed[0], 110)}`);
  if (removed.length > 1) clauses.push(`removed ${removed.length} posts: ${listJoin(removed.map((t) => quote(t, 70)), 3)}`);
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: added.length ? `New post${added.length > 1 ? 's' : ''}: ${listJoin(added.map((t) => quote(t, 50)), 2)}` : `Post${removed.length > 1 ? 's' : ''} removed`,
    meaning: added.length ? `${c} is producing content on ${listJoin(added.map((t) => quote(t, 50)), 2)}.` : `${c} took content down.`,
    why: added.length
      ? `Articles show which topics and searches ${c} wants to own; they compete with your content for the same readers.`
      : `Removed posts usually drop off a paginated index; occasionally a retracted story is telling.`,
    action: added.length
      ? `Check whether you rank for the topics of these posts and plan a stronger piece where you do not.`
      : `No action needed unless the removed post was one you cite.`,
  };
}

function postTitle(reading: Reading): string {
  const post = (reading.diff.new ?? reading.diff.old) as Partial<BlogPost> | string | null;
  return squash(typeof post === 'string' ? post : post?.title) || squash(reading.path.key);
}
