import type { ClusterWriter } from '../clusters';
import type { ClusterKind } from '../readings';
import { writeAnnouncement, writeCounts, writeCtas, writeHero, writeLogos, writeNavigation, writeTestimonials } from './homepage.writer';
import { writeIntegrations, writeOpenings, writeOther } from './lists.writer';
import { writeBilling, writeLineItem, writeTrial } from './offers.writer';
import { writeDocs, writeHeadings, writeText, writeTitle } from './pages.writer';
import { writePlan } from './plan.writer';
import { writePost, writePosts } from './posts.writer';
import { writeEntry } from './releases.writer';

/** One writer per cluster kind; the compiler checks every kind has one. */
export const WRITERS: Record<ClusterKind, ClusterWriter> = {
  announcement: writeAnnouncement,
  billing: writeBilling,
  counts: writeCounts,
  ctas: writeCtas,
  docs: writeDocs,
  entry: writeEntry,
  headings: writeHeadings,
  hero: writeHero,
  integrations: writeIntegrations,
  line_item: writeLineItem,
  logos: writeLogos,
  navigation: writeNavigation,
  openings: writeOpenings,
  other: writeOther,
  plan: writePlan,
  post: writePost,
  posts: writePosts,
  testimonials: writeTestimonials,
  text: writeText,
  title: writeTitle,
  trial: writeTrial,
};
