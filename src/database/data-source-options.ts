import type { DataSourceOptions } from 'typeorm';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { MonitorRawHash1763800000001 } from './migrations/1763800000001-monitor-raw-hash';
import { DigestAndWebhookDelivery1763900000000 } from './migrations/1763900000000-digest-and-webhook-delivery';
import { FeedFilterIndex1764000000000 } from './migrations/1764000000000-feed-filter-index';
import { ChangeNotificationOutbox1764100000000 } from './migrations/1764100000000-change-notification-outbox';
import { UsersAndSessions1764400000000 } from './migrations/1764400000000-users-and-sessions';
import { GrowthIdsAndRetention1764500000000 } from './migrations/1764500000000-growth-ids-and-retention';
import { OneRunInFlight1764550000000 } from './migrations/1764550000000-one-run-in-flight';
import { NotificationChannels1764600000000 } from './migrations/1764600000000-notification-channels';
import { CompetitorLogos1764700000000 } from './migrations/1764700000000-competitor-logos';
import { NotificationDestinations1764800000000 } from './migrations/1764800000000-notification-destinations';
import { PricingHistoryIndex1764900000000 } from './migrations/1764900000000-pricing-history-index';
import { VisualEvidence1765000000000 } from './migrations/1765000000000-visual-evidence';
import { RunJob1765100000000 } from './migrations/1765100000000-run-job';
import { PasswordResets1765200000000 } from './migrations/1765200000000-password-resets';
import { Lz4ToastCompression1765300000000 } from './migrations/1765300000000-lz4-toast-compression';
import { QueryErrorLogger } from './query-error-logger';

export const MIGRATIONS = [
  InitialSchema1763800000000,
  MonitorRawHash1763800000001,
  DigestAndWebhookDelivery1763900000000,
  FeedFilterIndex1764000000000,
  ChangeNotificationOutbox1764100000000,
  UsersAndSessions1764400000000,
  GrowthIdsAndRetention1764500000000,
  OneRunInFlight1764550000000,
  NotificationChannels1764600000000,
  CompetitorLogos1764700000000,
  NotificationDestinations1764800000000,
  PricingHistoryIndex1764900000000,
  VisualEvidence1765000000000,
  RunJob1765100000000,
  PasswordResets1765200000000,
  Lz4ToastCompression1765300000000,
];

export interface ConnectionTarget {
  url?: string;
  /** Unix socket directory of the embedded server. */
  socketDir?: string;
  port?: number;
  poolSize?: number;
}

/** The tables' entities: the composition root's list (`src/entities.ts`). */
export type EntityList = NonNullable<DataSourceOptions['entities']>;

export function dataSourceOptions(target: ConnectionTarget, entities: EntityList): DataSourceOptions {
  const connection = target.socketDir
    ? { host: target.socketDir, port: target.port, username: 'postgres', database: 'postgres' }
    : { url: target.url };
  return {
    type: 'postgres',
    ...connection,
    entities,
    migrations: MIGRATIONS,
    // Ids of the tables that grow with checks are bigint; read them as numbers (exact below 2^53).
    parseInt8: true,
    migrationsRun: false,
    synchronize: false,
    logger: new QueryErrorLogger(),
    extra: {
      max: target.poolSize ?? 20,
      // Waiting for a pooled connection under load is normal; failing fast would fail checks.
      connectionTimeoutMillis: 30000,
      idleTimeoutMillis: 30000,
    },
  };
}
