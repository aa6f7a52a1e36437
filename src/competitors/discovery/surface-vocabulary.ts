import type { DiscoveryType } from '../../capture/capture.types';

export type SurfaceType = Exclude<DiscoveryType, 'homepage'>;

/**
 * Words that point at one kind of page, with a weight for how sure they make us (10 = the word
 * alone names the page). Phrases are written normalised: lower case, no accents, no apostrophes,
 * words separated by single spaces; "release notes" matches the segment "release-notes" too.
 */
export interface SurfaceVocabulary {
  /** Path segment phrases. */
  paths: Record<string, number>;
  /** Anchor text phrases. */
  texts: Record<string, number>;
  /**
   * Anchor phrases too ambiguous to count alone: "What's new" is a blog on one site and a
   * changelog on another, so for the changelog it only adds weight when the URL agrees.
   */
  corroboratingTexts: Record<string, number>;
  /** First labels of subdomains dedicated to this kind of page (blog.acme.com). */
  subdomains: string[];
}

export const VOCABULARY: Record<SurfaceType, SurfaceVocabulary> = {
  pricing: {
    paths: {
      pricing: 10, plans: 10, prices: 9, price: 9, plan: 7, preise: 10, tarifs: 10, tarif: 9,
      tarifas: 9, precios: 10, planes: 8, prezzi: 10, planos: 10, prijzen: 10, priser: 9, cennik: 9,
      abonnement: 8, abonnements: 8, tarification: 9,
    },
    texts: {
      pricing: 6, plans: 5, 'plans and pricing': 6, prices: 5, preise: 6, tarifs: 6, precios: 6,
      planes: 5, prezzi: 6, planos: 5, prijzen: 6, abonnement: 4, abonnements: 4,
    },
    corroboratingTexts: {},
    subdomains: ['pricing'],
  },
  blog: {
    paths: {
      blog: 10, blogs: 9, news: 9, newsroom: 8, articles: 8, insights: 8, stories: 7, posts: 7,
      aktuelles: 9, neuigkeiten: 8, nachrichten: 8, actualites: 9, actualite: 8, actus: 7,
      noticias: 9, actualidad: 8, notizie: 9, nieuws: 9, journal: 5, magazine: 5,
    },
    texts: {
      blog: 6, news: 6, articles: 5, insights: 5, stories: 4, aktuelles: 6, neuigkeiten: 5,
      actualites: 6, actus: 5, noticias: 6, notizie: 6, nieuws: 6,
      // Section titles that usually head a news page; weak, so a path or another word decides.
      'whats new': 3, novedades: 3, nouveautes: 3, novidades: 3,
    },
    corroboratingTexts: {},
    subdomains: ['blog', 'news', 'insights'],
  },
  changelog: {
    paths: {
      changelog: 10, 'change log': 10, changes: 5, 'release notes': 10, releasenotes: 10,
      releases: 9, release: 6, 'product updates': 9, updates: 7, versionshinweise: 9,
      'notes de version': 9, 'notas de la version': 9,
      // "What's new" pages at their own path are product-update lists far more often than
      // blogs; Spanish sites use /novedades the same way.
      'whats new': 7, whatsnew: 7, novedades: 7, nouveautes: 7,
    },
    texts: {
      changelog: 6, 'change log': 6, 'release notes': 6, releases: 5, 'product updates': 6, updates: 4,
      versionshinweise: 6, 'notes de version': 6, 'notas de la version': 6,
    },
    corroboratingTexts: { 'whats new': 3, novedades: 3, nouveautes: 3, 'new features': 3 },
    subdomains: ['changelog', 'releases', 'updates'],
  },
  docs: {
    paths: {
      docs: 10, doc: 9, documentation: 10, dokumentation: 10, documentacion: 10, documentazione: 10,
      help: 9, 'help center': 10, helpcenter: 10, 'support center': 9, support: 5, hilfe: 9, aide: 9,
      ayuda: 9, 'centro de ayuda': 9, guides: 8, guide: 7, developers: 8, developer: 8,
      'api reference': 9, 'api docs': 9, reference: 6, 'knowledge base': 9, knowledgebase: 9,
      kb: 8, manual: 7, handbook: 6, hc: 6, learn: 5, tutorials: 5, 'getting started': 5,
    },
    texts: {
      docs: 6, documentation: 6, dokumentation: 6, documentacion: 6, help: 5, 'help center': 6,
      'help centre': 6, 'support center': 6, 'support centre': 6, guides: 5, developers: 5,
      'api reference': 6, 'api docs': 6, 'knowledge base': 6, hilfe: 5, aide: 5, ayuda: 5,
      'centro de ayuda': 6, manual: 4,
    },
    corroboratingTexts: {},
    subdomains: [
      'docs', 'doc', 'documentation', 'help', 'helpcenter', 'support', 'developer', 'developers', 'kb', 'learn',
      'guides', 'manual', 'hilfe', 'aide', 'ayuda',
    ],
  },
};

/**
 * Path segments of pages that are never a monitored surface, however they are labelled: account
 * flows, downloads, legal pages, hiring and contact. A "Help" link to /contact is not docs.
 */
export const EXCLUDED_SEGMENTS = new Set([
  'login', 'log in', 'signin', 'sign in', 'signup', 'sign up', 'register', 'registration', 'logout',
  'account', 'password', 'download', 'downloads', 'legal', 'privacy', 'privacy policy', 'terms',
  'tos', 'terms of service', 'terms of use', 'terms and conditions', 'cookies', 'cookie policy',
  'careers', 'career', 'jobs', 'karriere', 'empleo', 'contact', 'contact us', 'kontakt', 'contacto',
  'imprint', 'impressum', 'datenschutz', 'agb', 'mentions legales', 'aviso legal', 'privacidad',
  'gdpr', 'cart', 'checkout', 'unsubscribe',
]);

/** Subdomains that host the product or infrastructure, not marketing or documentation pages. */
export const EXCLUDED_SUBDOMAINS = new Set([
  'app', 'login', 'auth', 'accounts', 'account', 'id', 'sso', 'signin', 'signup', 'dashboard',
  'console', 'portal', 'my', 'status', 'shop', 'store', 'mail', 'cdn', 'static', 'assets', 'api',
]);

/** Language prefixes such as /de/ or /en-us/, skipped when judging how deep a page sits. */
export const LOCALE_SEGMENT =
  /^(ar|cs|da|de|el|en|es|fi|fr|he|hu|id|it|ja|ko|nb|nl|no|pl|pt|ro|ru|sv|tr|uk|zh)([ -][a-z]{2,4})?$/;

/** Files that are not pages: images, archives, installers, scripts, feeds. */
export const NON_PAGE_FILE = /\.(png|jpe?g|gif|svg|webp|ico|pdf|zip|gz|tgz|dmg|exe|msi|deb|rpm|apk|css|js|json|xml|rss|atom|mp4|mp3|woff2?)$/i;

/**
 * One spelling for path segments and anchor texts, so the vocabulary is written once:
 * "What’s New" → "whats new", "Actualités" → "actualites", "release_notes" → "release notes".
 */
export function normalisePhrase(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
