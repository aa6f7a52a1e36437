/** How an SMTP send failed (DESIGN §5b); decides whether the attempt is retried. */
export type SmtpFailureKind = 'connection' | 'auth' | 'rejected_recipient' | 'rejected_message' | 'temporary';

export interface SmtpFailure {
  kind: SmtpFailureKind;
  /** The server's reply code, when it answered. */
  responseCode: number | null;
  message: string;
  /** A permanent refusal: retrying cannot help. */
  permanent: boolean;
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL', 'EPROXY']);
const MESSAGE_CHARS = 300;

/** Classifies a nodemailer error: connection, authentication, a refused recipient or message, or a temporary refusal. */
export function classifySmtpError(err: unknown): SmtpFailure {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const responseCode = typeof e?.responseCode === 'number' ? e.responseCode : null;
  const message = (e?.response || e?.message || String(err)).slice(0, MESSAGE_CHARS);
  if (e?.code === 'EAUTH' || e?.code === 'ENOAUTH' || responseCode === 530 || responseCode === 534 || responseCode === 535) {
    return { kind: 'auth', responseCode, message, permanent: false };
  }
  if (responseCode !== null && responseCode >= 400 && responseCode < 500) return { kind: 'temporary', responseCode, message, permanent: false };
  if (e?.code === 'EENVELOPE' && responseCode !== null && responseCode >= 500) {
    return { kind: 'rejected_recipient', responseCode, message, permanent: true };
  }
  if (responseCode !== null && responseCode >= 500) return { kind: 'rejected_message', responseCode, message, permanent: true };
  if (e?.code && CONNECTION_CODES.has(e.code)) return { kind: 'connection', responseCode, message, permanent: false };
  return { kind: 'connection', responseCode, message, permanent: false };
}

export const FAILURE_LABEL: Record<SmtpFailureKind, string> = {
  connection: 'connection',
  auth: 'authentication',
  rejected_recipient: 'rejected recipient',
  rejected_message: 'rejected message',
  temporary: 'temporarily refused',
};
