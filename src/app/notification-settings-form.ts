import { MAX_EMAIL_RECIPIENTS } from '../webhooks/channels/email/email.channel';
import type { NotificationChannel } from '../webhooks/channels/notification-channel';
import type { FormCopy } from './form-messages';

const ROUTING_FIELDS = ['mode', 'realtime_min_severity', 'digest_period', 'digest_hour_utc'];
/** The labels of the fields that are not a channel's destination, as the form shows them. */
const OTHER_FIELDS: FormCopy = {
  signing_secret: { label: 'Signing secret', invalid: 'Signing secret: use 16 to 256 characters.' },
  mode: { label: 'Mode' },
  realtime_min_severity: { label: 'Minimum severity' },
  digest_period: { label: 'Digest period' },
  digest_hour_utc: { label: 'Digest hour (UTC)' },
};

const ROUTING_DEFAULTS = { mode: 'realtime', realtime_min_severity: 'medium', digest_period: '1d', digest_hour_utc: 9 };

/** The form's view of the channels: which fields it takes, their empty values, and which URLs are secrets. */
export class SettingsForm {
  readonly fields: string[];
  readonly defaults: Record<string, unknown>;
  /** Chat webhook URLs carry their own credentials: write-only in the application, like the signing secret. */
  readonly secretUrls: NotificationChannel[];
  /** Fields a failed save shows again as typed (never the secrets). */
  readonly typed: string[];
  readonly addressFields: string[];
  /** How error messages name each field: as the form labels it. */
  readonly copy: FormCopy;

  constructor(channels: readonly NotificationChannel[]) {
    const field = (c: NotificationChannel) => c.info.field;
    this.fields = [...channels.map(field), 'signing_secret', ...ROUTING_FIELDS];
    this.defaults = {
      ...Object.fromEntries(channels.map((c) => [c.info.field, c.info.kind === 'addresses' ? [] : ''])),
      ...ROUTING_DEFAULTS,
      signing_secret_set: false,
    };
    this.secretUrls = channels.filter((c) => c.info.secret);
    this.typed = [...channels.filter((c) => c.info.kind === 'url' && !c.info.secret).map(field), ...ROUTING_FIELDS];
    this.addressFields = channels.filter((c) => c.info.kind === 'addresses').map(field);
    this.copy = {
      ...Object.fromEntries(
        channels.map(({ info }) => [
          info.field,
          info.kind === 'addresses'
            ? { label: info.fieldLabel, invalid: `${info.fieldLabel}: enter up to ${MAX_EMAIL_RECIPIENTS} email addresses, separated by commas.` }
            : { label: info.fieldLabel },
        ]),
      ),
      ...OTHER_FIELDS,
    };
  }
}
