import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PlansRepository } from '../billing/plans.repository';
import { QuotaService } from '../billing/quota.service';
import { DISCOVERY_TYPES, type DiscoveryType } from '../capture/capture.types';
import { ExtractionPool } from '../capture/extract/extraction-pool';
import { FetchError } from '../capture/fetch/fetch-error';
import type { FetchedImage } from '../capture/fetch/fetch.types';
import { PageCaptureService } from '../capture/page-capture.service';
import { ChecksService } from '../monitors/checks.service';
import { MonitorsRepository } from '../monitors/monitors.repository';
import { RunsRepository } from '../monitors/runs.repository';
import { ScopedLookup } from '../scoping/scoped-lookup';
import type { DiscoveredSurface } from './competitor.types';
import { CompetitorsRepository, CompetitorRow } from './competitors.repository';
import type { CompetitorIdentity } from '../capture/homepage/identity';
import type { HomepageReading } from '../capture/homepage/homepage';
import { parseSitemap } from './discovery/sitemap';
import { classifySurfaces, PROBE_PATHS, sitemapCandidates } from './discovery/surfaces';
import { LogosService } from './logos.service';

const MAX_CHILD_SITEMAPS = 3;

/**
 * Discovery (DESIGN §4.2): from the homepage to the competitor's identity and its monitored
 * surfaces, with baselines queued. Sitemap reads and path probes are best effort and free;
 * only the homepage capture and each baseline spend checks.
 */
@Injectable()
export class DiscoveryService {
  private readonly logger = new Logger('Discovery');

  constructor(
    private readonly db: DataSource,
    private readonly competitors: CompetitorsRepository,
    private readonly monitors: MonitorsRepository,
    private readonly runs: RunsRepository,
    private readonly checks: ChecksService,
    private readonly capture: PageCaptureService,
    private readonly extraction: ExtractionPool,
    private readonly plans: PlansRepository,
    private readonly quota: QuotaService,
    private readonly scope: ScopedLookup,
    private readonly logos: LogosService,
  ) {}

  async run(competitorId: number): Promise<void> {
    if (!(await this.competitors.startDiscovery(competitorId))) return;
    const competitor = await this.competitors.byId(competitorId);
    if (!competitor) return;
    let home;
    let reading: HomepageReading;
    try {
      home = await this.capture.fetch(competitor.homepage_url);
      reading = await this.extraction.readHomepage(home.html, home.url);
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      const what = err.code === 'page_too_complex' ? 'read' : 'fetched';
      await this.competitors.finishDiscovery(competitorId, {
        status: 'failed',
        error: `homepage could not be ${what} (${err.code}): ${err.message}`,
        surfaces: [],
      });
      return;
    }
    const found = await this.findSurfaces(competitor, reading, home.url);
    const logo = await this.logos.fetch(reading.identity.logo_url);
    const runIds = await this.createMonitors(competitor, { ...reading.identity, logo }, found);
    await this.checks.enqueue(runIds);
  }

  /** Marks a discovery failed when its job has no retries left, so the workspace is not blocked. */
  async giveUp(competitorId: number, err: Error): Promise<void> {
    await this.competitors.finishDiscovery(competitorId, { status: 'failed', error: `discovery failed: ${err.message}`, surfaces: [] });
  }

  private async findSurfaces(competitor: CompetitorRow, home: HomepageReading, finalUrl: string): Promise<Map<DiscoveryType, string>> {
    const sitemapUrls = await this.readSitemap(finalUrl);
    const found = classifySurfaces({ homepageUrl: finalUrl, links: home.links, sitemapUrls, feedUrls: home.feedUrls });
    found.set('homepage', competitor.homepage_url);
    const wanted = competitor.discovery_monitor_types ?? [...DISCOVERY_TYPES];
    for (const type of wanted) {
      if (type === 'homepage' || found.has(type)) continue;
      const probed = await this.probe(finalUrl, PROBE_PATHS[type]);
      if (probed) found.set(type, probed);
    }
    return found;
  }

  /** URLs of /sitemap.xml, following a sitemap index one level (a few child sitemaps at most). */
  private async readSitemap(homepage: string): Promise<string[]> {
    const read = async (url: string) => {
      try {
        return parseSitemap((await this.capture.fetch(url)).html);
      } catch {
        return { urls: [], sitemaps: [] };
      }
    };
    const root = await read(new URL('/sitemap.xml', homepage).toString());
    const children = await Promise.all(root.sitemaps.slice(0, MAX_CHILD_SITEMAPS).map(read));
    const urls = [...root.urls, ...children.flatMap((c) => c.urls)];
    return sitemapCandidates(urls).map((l) => l.url);
  }

  /** The first common path that answers with a page of its own (not a redirect home). */
  private async probe(homepage: string, paths: string[]): Promise<string | null> {
    const home = new URL(homepage);
    for (const path of paths) {
      try {
        const result = await this.capture.fetch(new URL(path, homepage).toString());
        const landed = new URL(result.url);
        if (landed.pathname.replace(/\/+$/, '') !== home.pathname.replace(/\/+$/, '')) return result.url;
      } catch {
        // A missing path is the common case.
      }
    }
    return null;
  }

  private async createMonitors(
    competitor: CompetitorRow,
    identity: CompetitorIdentity & { logo: FetchedImage | null },
    found: Map<DiscoveryType, string>,
  ): Promise<number[]> {
    const plan = await this.plans.forAccount(competitor.account_id);
    const wanted = new Set(competitor.discovery_monitor_types ?? DISCOVERY_TYPES);
    return this.db.transaction(async (manager) => {
      await this.scope.lockAccount(competitor.account_id, manager);
      let count = await this.monitors.countForAccount(competitor.account_id, manager);
      const surfaces: DiscoveredSurface[] = [];
      const runIds: number[] = [];
      for (const type of DISCOVERY_TYPES) {
        const url = found.get(type);
        if (!url) continue;
        if (!wanted.has(type)) {
          surfaces.push({ monitor_type: type, url, outcome: 'skipped_by_request' });
          continue;
        }
        if (count >= plan.max_monitors) {
          surfaces.push({ monitor_type: type, url, outcome: 'skipped_plan_limit' });
          continue;
        }
        const monitor = await this.monitors.insert(
          {
            account_id: competitor.account_id,
            workspace_id: competitor.workspace_id,
            competitor_id: competitor.id,
            name: `${identity.name} ${type}`,
            url,
            monitor_type: type,
            cadence: 'daily',
          },
          manager,
        );
        count++;
        surfaces.push({ monitor_type: type, url, outcome: 'monitored' });
        if (await this.quota.trySpend(competitor.account_id, plan, 1, manager)) {
          runIds.push(await this.checks.createRun(monitor.id, 'baseline', manager));
        } else {
          await this.runs.failPending(monitor.id, 'baseline', 'quota_exceeded', 'no checks remain for the baseline', manager);
        }
      }
      await this.competitors.setIdentity(competitor.id, identity, manager);
      await this.logos.keep(competitor.id, identity.logo, manager);
      await this.competitors.finishDiscovery(competitor.id, { status: 'completed', error: null, surfaces }, manager);
      this.logger.log(`competitor ${competitor.id}: ${surfaces.filter((s) => s.outcome === 'monitored').length} monitors`);
      return runIds;
    });
  }
}
