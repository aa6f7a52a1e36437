import { Test } from '@nestjs/testing';
import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainError, ErrorCode } from '../../common/errors';
import { TargetUrlValidator } from '../../common/target-url';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { AppLinks } from '../messages/app-links';
import { contentOf, type NotificationEvent } from '../messages/notification-content';
import { WebhookSender } from '../webhook-sender';
import { ChannelRegistry } from './channel-registry';
import { EmailOutboxEntity } from './email/email-outbox.entity';
import { EmailOutboxRepository } from './email/email-outbox.repository';
import { Mailer } from './email/mailer.service';
import { UnsubscribeTokens } from './email/unsubscribe-tokens.service';
import { formatMessage, type ChannelAnswer, type ChannelInfo, type ChannelVerdict, type NotificationChannel } from './notification-channel';
import { CHANNEL_PROVIDERS, CHANNEL_TYPES } from './registered-channels';
import { UrlDestinations } from './url-destination';

/*
 * The contract every registered channel keeps (one suite, run against each): destinations are
 * validated, every kind of message fits the platform's limits, page text cannot mention anyone or
 * inject markup, and answers are judged the way the retry policy expects.
 */

const BASE = 'https://rw.example';
const config = {
  appBaseUrl: BASE,
  publicBaseUrl: `${BASE}/v1`,
  allowPrivateNetworkTargets: false,
  allowPrivateHosts: [],
  smtpUrl: null,
  mailFrom: 'Rivalwatch <notifications@rw.example>',
} as unknown as AppConfig;

/** Text a competitor's page (or a workspace owner) could put in front of people. */
const HOSTILE = '<!channel> <!here> <@U999> @everyone <@123> [Reset password](http://127.0.0.1:9/phish) & <script>alert(1)</script>';
const MENTIONS = ['<!channel>', '<!here>', '<@U999>', '<@123>', '<script>'];
const long = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

/** A destination each kind accepts, and one it must refuse (a private, plain-http URL; a non-address). */
const DESTINATIONS: Record<ChannelInfo['kind'], { good: unknown; bad: unknown }> = {
  url: { good: 'https://93.184.216.34/hooks/rivalwatch', bad: 'http://127.0.0.1:9/hook' },
  addresses: { good: ['pm@example.com', 'PM@example.com', 'cto@example.com'], bad: ['pm@example.com', 'not an address'] },
};

function item(i: number, text: string) {
  return {
    change_id: 100 + i,
    competitor_id: 1,
    competitor: `Acme ${text}`,
    homepage_url: 'https://c.example',
    logo_url: null,
    monitor_type: 'pricing',
    source_url: 'https://c.example/pricing',
    summary: `Acme changed ${text}`,
    severity: 'high' as const,
    why_it_matters: `Customers see ${text}`,
    category: 'pricing',
    direction: 'advanced',
    delta: { added: 1, removed: 0, modified: 0 },
    review_status: 'unreviewed',
    created_at: '2026-11-24T10:00:00.000Z',
  };
}

/** Each event's stored payload, its texts all `text`, with `items` digest entries. */
function payloads(text: string, items: number): Record<NotificationEvent, unknown> {
  const all = Array.from({ length: items }, (_, i) => item(i, text));
  return {
    'change.detected': {
      id: 42,
      workspace_name: `Market ${text}`,
      competitor: `Acme ${text}`,
      monitor_type: 'pricing',
      severity: 'critical',
      summary: `Acme changed ${text}`,
      why_it_matters: `Customers see ${text}`,
      source_url: 'https://c.example/pricing?ref=](http://127.0.0.1:9/phish)|x>',
      created_at: '2026-11-24T10:00:00.000Z',
    },
    'digest.ready': {
      workspace_id: 7,
      workspace_name: `Market ${text}`,
      digest: {
        period: '7d',
        window_start: '2026-11-17T09:00:00.000Z',
        window_end: '2026-11-24T09:00:00.000Z',
        generated_at: '2026-11-24T09:00:01.000Z',
        needs_review: { count: items, max_severity: 'high', items: all },
        whos_moving: [{ competitor_id: 1, competitor: `Acme ${text}`, logo_url: null, count: items, max_severity: 'high', sparkline: [items] }],
        top_opportunities: all.map((o) => ({ ...o, opportunity_score: 80 })),
        coverage: { monitors_total: 4, monitors_healthy: 3, monitors_failing: 1, failing_monitor_ids: [9] },
        consumption: { pending: items, reviewed_in_period: 0 },
      },
    },
    'test.ping': { message: `Test delivery from Rivalwatch for workspace "Market ${text}"` },
  };
}

const EVENTS: NotificationEvent[] = ['change.detected', 'digest.ready', 'test.ping'];
const links = new AppLinks(BASE);

function messageOf(channel: NotificationChannel, event: NotificationEvent, payload: unknown): unknown {
  return formatMessage(channel, {
    workspaceId: 7,
    content: contentOf(event, payload, 7, links),
    event,
    idempotencyKey: 'change:42',
    data: payload,
    now: new Date('2026-11-24T10:00:00.000Z'),
  });
}

/** Answers of each kind of destination, with what any channel of that kind must make of them. */
const ANSWERS: Record<ChannelInfo['kind'], [string, ChannelAnswer, ChannelVerdict[]][]> = {
  url: [
    ['200', { statusCode: 200, error: null, durationMs: 5 }, ['delivered']],
    ['204', { statusCode: 204, error: null, durationMs: 5 }, ['delivered']],
    ['400', { statusCode: 400, error: null, durationMs: 5 }, ['retry', 'failed']],
    ['410', { statusCode: 410, error: null, durationMs: 5 }, ['broken']],
    ['429 with Retry-After', { statusCode: 429, error: null, durationMs: 5, retryAfter: '7' }, ['retry', 'retry-after']],
    ['500', { statusCode: 500, error: null, durationMs: 5 }, ['retry']],
    ['503', { statusCode: 503, error: null, durationMs: 5 }, ['retry']],
    ['no answer (time-out)', { statusCode: null, error: 'timeout', durationMs: 10_000 }, ['retry']],
  ],
  addresses: [
    ['250 to every recipient', { statusCode: 250, error: null, durationMs: 5, deliveredTo: ['pm@example.com'], rejected: [], retryable: false, nobodyReached: false }, ['delivered']],
    ['451 temporarily refused', { statusCode: 451, error: 'temporarily refused', durationMs: 5, deliveredTo: [], rejected: [], retryable: true, nobodyReached: true }, ['retry']],
    ['535 authentication', { statusCode: 535, error: 'authentication', durationMs: 5, deliveredTo: [], rejected: [], retryable: true, nobodyReached: true }, ['retry']],
    ['550 for every recipient', { statusCode: 550, error: 'rejected recipient', durationMs: 5, deliveredTo: [], rejected: ['pm@example.com'], retryable: false, nobodyReached: true }, ['failed']],
    ['550 for one of two', { statusCode: 550, error: 'rejected recipient', durationMs: 5, deliveredTo: ['cto@example.com'], rejected: ['pm@example.com'], retryable: false, nobodyReached: false }, ['delivered']],
    ['no connection', { statusCode: null, error: 'connection', durationMs: 5, deliveredTo: [], rejected: [], retryable: true, nobodyReached: true }, ['retry']],
  ],
};

let registry: ChannelRegistry;

beforeAll(async () => {
  const module = await Test.createTestingModule({
    providers: [
      ...CHANNEL_PROVIDERS,
      ChannelRegistry,
      EmailOutboxRepository,
      Mailer,
      TargetUrlValidator,
      UnsubscribeTokens,
      UrlDestinations,
      WebhookSender,
      { provide: APP_CONFIG, useValue: config },
      // Nothing here reaches the database: no message is sent.
      { provide: DataSource, useValue: {} },
      { provide: getRepositoryToken(EmailOutboxEntity), useValue: {} },
    ],
  }).compile();
  registry = module.get(ChannelRegistry);
});

describe.each(CHANNEL_TYPES.map((type) => [type.info.name, type] as const))('the %s channel', (name) => {
  const channel = () => registry.get(name);
  const { good, bad } = DESTINATIONS[CHANNEL_TYPES.find((t) => t.info.name === name)!.info.kind];

  it('is registered under its name, with a settings field of its own', () => {
    expect(channel().info.name).toBe(name);
    expect(registry.all().filter((c) => c.info.field === channel().info.field)).toHaveLength(1);
  });

  it('accepts a good destination and shows it in the settings and the delivery log', async () => {
    const destination = await channel().parseDestination(good);
    expect(destination).not.toBeNull();
    expect(channel().settingsValue(destination)).toEqual(destination);
    expect(channel().address(destination)).toMatch(/^(https:|mailto:)/);
  });

  it('takes null as the channel off', async () => {
    expect(await channel().parseDestination(null)).toBeNull();
    expect(channel().settingsValue(null) ?? []).toEqual(expect.anything());
  });

  it('refuses a bad destination with validation_failed on its field', async () => {
    const refused = await channel().parseDestination(bad).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(ErrorCode.ValidationFailed);
    expect(JSON.stringify((refused as DomainError).options.extra)).toContain(channel().info.field);
  });

  it.each(EVENTS)('formats a %s message of many long items within the platform’s limits', (event) => {
    const message = messageOf(channel(), event, payloads(long(2000), 60)[event]);
    expect(channel().limitsBrokenBy(message)).toEqual([]);
  });

  it.each(EVENTS)('lets no mention or markup from page text through in a %s message', (event) => {
    const message = messageOf(channel(), event, payloads(HOSTILE, 3)[event]);
    const markup = channel().markup(message);
    // The signed webhook is read by programs: its data goes as it is.
    if (markup === null) return;
    for (const raw of MENTIONS) expect(markup).not.toContain(raw);
    expect(markup).toContain('Reset password');
  });

  it.each(ANSWERS[CHANNEL_TYPES.find((t) => t.info.name === name)!.info.kind])('judges an answer of %s', (_label, answer, verdicts) => {
    expect(verdicts).toContain(channel().classify(answer));
  });
});
