import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { Batcher, distinctLayers } from '../common/batcher';
import { ATTEMPT_LEASE_SECONDS, EARLY_START_TOLERANCE_SECONDS } from './retry-policy';
import type { AttemptRecord, DeliveryStatus } from './delivery.types';
import type { WebhookEvent } from './envelope';

/** A delivery as the log lists it: everything but the payload. */
export type DeliveryLogRow = Omit<WebhookDeliveryEntity, 'payload' | 'workspace' | 'destination'>;

const LOG_COLUMNS: Record<keyof DeliveryLogRow, true> = {
  id: true, workspace_id: true, channel: true, event: true, idempotency_key: true, url: true, destination_id: true, status: true,
  attempts: true, attempt_count: true, max_attempts: true, next_attempt_at: true, created_at: true, completed_at: true,
};

export interface NewDelivery {
  workspaceId: number;
  channel: string;
  /** The destination it goes to; without it, the first claim finds the channel's destination. */
  destinationId?: number;
  event: WebhookEvent;
  idempotencyKey: string;
  url: string;
  payload: unknown;
  maxAttempts: number;
}

/** A delivery claimed for one attempt, with where and how to send it now. */
export interface ClaimedDelivery
  extends Pick<
    WebhookDeliveryEntity,
    'id' | 'workspace_id' | 'channel' | 'event' | 'idempotency_key' | 'url' | 'payload' | 'attempt_count' | 'attempts' | 'max_attempts'
  > {
  signing_secret: string | null;
  has_settings: boolean;
  /** The workspace's enabled destination on the delivery's channel now; null when it was removed. */
  destination_id: number | null;
  destination: unknown;
  /** Why that destination is marked broken; null when it works. */
  broken_reason: string | null;
}

/** What recording one outcome came to: its next due time, false when the claim was lost, or its own error. */
type RecordResult = Date | null | false | Error;

/**
 * Strings as jsonb accepts them: no NUL, no half of a surrogate pair (an error message cut at a
 * fixed length can end in one).
 */
function jsonbSafe(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd') : value;
}

interface OutcomeRecord {
  id: number;
  attempt: AttemptRecord;
  status: DeliveryStatus;
  retryInSeconds: number | null;
}

export type RecoveredDelivery = Pick<WebhookDeliveryEntity, 'id' | 'status' | 'attempt_count' | 'next_attempt_at'>;

/** Raw: an insert that yields to the unique idempotency key (ON CONFLICT DO NOTHING), one statement per change routed (bench:webhooks). */
const CREATE_SQL = `INSERT INTO webhook_deliveries (workspace_id, channel, destination_id, event, idempotency_key, url, payload, max_attempts, next_attempt_at)
 VALUES ($1, $7, $8, $2, $3, $4, $5, $6, now())
 ON CONFLICT (workspace_id, channel, idempotency_key) DO NOTHING
 RETURNING id`;

/**
 * Raw: the batched claim (bench:webhooks): rows locked in id order so two workers' batches never
 * deadlock, then one UPDATE … FROM a CTE joining the current settings and destination.
 */
const CLAIM_SQL = `WITH locked AS (
   SELECT id FROM webhook_deliveries
    WHERE id = ANY($1::bigint[]) AND status = 'pending' AND attempt_count < max_attempts
      AND next_attempt_at <= now() + make_interval(secs => $3)
    ORDER BY id FOR NO KEY UPDATE),
 target AS (
   SELECT d.id, s.workspace_id IS NOT NULL AS has_settings, s.signing_secret, n.id AS destination_id, n.destination, n.address,
          CASE WHEN n.broken_since IS NOT NULL THEN COALESCE(n.broken_reason, 'marked broken') END AS broken_reason
     FROM locked l JOIN webhook_deliveries d ON d.id = l.id
     LEFT JOIN notification_settings s ON s.workspace_id = d.workspace_id
     LEFT JOIN notification_destinations n ON n.workspace_id = d.workspace_id AND n.channel = d.channel AND n.enabled)
 UPDATE webhook_deliveries d SET
   status = 'delivering',
   attempt_count = d.attempt_count + 1,
   next_attempt_at = now() + make_interval(secs => $2),
   destination_id = COALESCE(t.destination_id, d.destination_id),
   url = COALESCE(t.address, d.url)
   FROM target t
  WHERE d.id = t.id AND d.status = 'pending' AND d.attempt_count < d.max_attempts
 RETURNING d.id, d.workspace_id, d.channel, d.event, d.idempotency_key, d.url, d.payload, d.attempt_count, d.attempts, d.max_attempts,
           t.signing_secret, t.has_settings, t.destination_id, t.destination, t.broken_reason`;

/** Raw: the batched outcome record (bench:webhooks): one UPDATE from `unnest` arrays, rows locked in id order. */
const RECORD_SQL = `WITH o AS (
   SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::float8[]) AS o(id, attempt, status, record, retry_secs)),
 locked AS (SELECT id FROM webhook_deliveries WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE)
 UPDATE webhook_deliveries d SET
   status = o.status,
   attempts = d.attempts || jsonb_build_array(o.record::jsonb),
   next_attempt_at = CASE WHEN o.retry_secs IS NULL THEN NULL ELSE now() + make_interval(secs => o.retry_secs) END,
   completed_at = CASE WHEN o.status = 'pending' THEN NULL ELSE now() END
   FROM o, locked l
  WHERE d.id = o.id AND l.id = o.id AND d.status = 'delivering' AND d.attempt_count = o.attempt
 RETURNING d.id, d.next_attempt_at`;

/** Raw: the sweep claims stalled rows with FOR UPDATE SKIP LOCKED, so two sweeps never take the same one. */
const RECOVER_STALLED_SQL = `WITH stalled AS (
   SELECT id FROM webhook_deliveries
    WHERE status IN ('pending', 'delivering') AND next_attempt_at < now() - make_interval(secs => $1)
    ORDER BY next_attempt_at LIMIT $2
    FOR UPDATE SKIP LOCKED)
 UPDATE webhook_deliveries d SET
   attempts = CASE WHEN d.status = 'delivering'
     THEN d.attempts || jsonb_build_array(jsonb_build_object(
            'attempt', d.attempt_count, 'id', NULL, 'status_code', NULL,
            'error', 'the worker stopped before recording the outcome', 'duration_ms', NULL, 'attempted_at', NULL))
     ELSE d.attempts END,
   status = CASE WHEN d.status = 'delivering' AND d.attempt_count >= d.max_attempts THEN 'failed' ELSE 'pending' END,
   completed_at = CASE WHEN d.status = 'delivering' AND d.attempt_count >= d.max_attempts THEN now() END,
   next_attempt_at = CASE WHEN d.status = 'delivering' AND d.attempt_count >= d.max_attempts THEN NULL ELSE now() END
   FROM stalled WHERE d.id = stalled.id
 RETURNING d.id, d.status, d.attempt_count, d.next_attempt_at`;

/** Note: through TypeORM, UPDATE and DELETE answer `[rows, affected]`, hence `const [rows] = …`. */
@Injectable()
export class DeliveriesRepository {
  private readonly claims = new Batcher<number, ClaimedDelivery | null>((ids) => this.claimMany(ids));
  private readonly records = new Batcher<OutcomeRecord, RecordResult>((items) => this.recordMany(items));

  constructor(private readonly db: DataSource) {}

  /**
   * Creates the logical delivery, due now, unless one with the same idempotency key exists in
   * the workspace (the unique index decides, also between two workers); then returns null.
   */
  async create(d: NewDelivery, manager: EntityManager = this.db.manager): Promise<number | null> {
    const [row] = await manager.query(CREATE_SQL, [
      d.workspaceId, d.event, d.idempotencyKey, d.url, JSON.stringify(d.payload), d.maxAttempts, d.channel, d.destinationId ?? null,
    ]);
    return row?.id ?? null;
  }

  async idForKey(workspaceId: number, channel: string, idempotencyKey: string): Promise<number | null> {
    const row = await this.db.manager.findOne(WebhookDeliveryEntity, {
      select: { id: true },
      where: { workspace_id: workspaceId, channel, idempotency_key: idempotencyKey },
    });
    return row?.id ?? null;
  }

  /**
   * Takes the next attempt of a due delivery: only one caller's UPDATE matches, so two workers
   * (or a repeated job) never send the same attempt. The destination and secret are read from the
   * current settings and the channel's destination, so a corrected URL, a rotated secret or an
   * unsubscribed recipient applies to the remaining retries. Batched across the attempts a worker runs at the same time.
   */
  claim(id: number): Promise<ClaimedDelivery | null> {
    return this.claims.call(id);
  }

  /**
   * Records the outcome of the claimed attempt; `retryInSeconds` makes it due again. Matches only
   * while this attempt still holds the claim (the sweep may have taken it back): false otherwise.
   */
  async record(
    id: number,
    attempt: AttemptRecord,
    o: { status: DeliveryStatus; retryInSeconds: number | null },
  ): Promise<Date | null | false> {
    const result = await this.records.call({ id, attempt, ...o });
    if (result instanceof Error) throw result;
    return result;
  }

  private async claimMany(ids: number[]): Promise<(ClaimedDelivery | null)[]> {
    const [rows]: [ClaimedDelivery[], number] = await this.db.query(CLAIM_SQL, [
      ids,
      ATTEMPT_LEASE_SECONDS,
      EARLY_START_TOLERANCE_SECONDS,
    ]);
    // The same delivery twice in one batch (a recovered job beside the original): the first takes it.
    const claimed = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.map((id) => {
      const row = claimed.get(id) ?? null;
      claimed.delete(id);
      return row;
    });
  }

  /**
   * One statement per layer. When a layer's statement fails, its items are recorded one by one,
   * so a record Postgres refuses fails only its own attempt, not the batch's (all already sent).
   */
  private async recordMany(items: OutcomeRecord[]): Promise<RecordResult[]> {
    const results = new Map<OutcomeRecord, RecordResult>();
    for (const layer of distinctLayers(items, (item) => item.id)) {
      try {
        const recorded = await this.recordLayer(layer);
        layer.forEach((item, k) => results.set(item, recorded[k]));
      } catch (err) {
        if (layer.length === 1) {
          results.set(layer[0], err as Error);
          continue;
        }
        for (const item of layer) {
          results.set(item, await this.recordLayer([item]).then(([r]) => r, (e: Error) => e));
        }
      }
    }
    return items.map((item) => results.get(item)!);
  }

  private async recordLayer(layer: OutcomeRecord[]): Promise<(Date | null | false)[]> {
    const [rows]: [{ id: number; next_attempt_at: Date | null }[], number] = await this.db.query(
      RECORD_SQL,
      [
        layer.map((r) => r.id),
        layer.map((r) => r.attempt.attempt),
        layer.map((r) => r.status),
        layer.map((r) => JSON.stringify(r.attempt, jsonbSafe)),
        layer.map((r) => r.retryInSeconds),
      ],
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row.next_attempt_at]));
    return layer.map((item) => (byId.has(item.id) ? byId.get(item.id)! : false));
  }

  /**
   * Deliveries whose job was lost (a restarted in-process queue, a worker that died mid-attempt):
   * long overdue ones are made due now; a lost attempt is recorded as such and counts.
   */
  async recoverStalled(o: { stalledAfterSeconds: number; limit: number }): Promise<RecoveredDelivery[]> {
    const [rows] = await this.db.query(RECOVER_STALLED_SQL, [o.stalledAfterSeconds, o.limit]);
    return rows;
  }

  /** Newest first; every channel, or only `channel`. */
  listForWorkspace(workspaceId: number, limit: number, channel?: string): Promise<DeliveryLogRow[]> {
    return this.db.manager.find(WebhookDeliveryEntity, {
      select: LOG_COLUMNS,
      where: { workspace_id: workspaceId, ...(channel !== undefined ? { channel } : {}) },
      order: { id: 'DESC' },
      take: limit,
    });
  }
}
