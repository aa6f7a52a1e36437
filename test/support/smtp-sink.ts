import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The decoded parts by content type (text/plain, text/html). */
  parts: Record<string, string>;
}

export const SMTP_USER = 'rivalwatch';
export const SMTP_PASSWORD = 'smtp-test-password';

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
    // Percent-decode byte by byte so multi-byte UTF-8 sequences come back whole.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** Splits a MIME message into its leaf parts (multipart/alternative and friends, recursively). */
function leafParts(headers: Record<string, string>, body: string, into: Record<string, string>): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const split = chunk.replace(/^\r?\n/, '').search(/\r?\n\r?\n/);
      const trimmed = chunk.replace(/^\r?\n/, '');
      leafParts(parseHeaders(trimmed.slice(0, split)), trimmed.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, ''), into);
    }
    return;
  }
  // SMTP carries CRLF line ends; the checks read LF.
  into[type.split(';')[0].trim().toLowerCase()] = decode(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it accepts. It asks for
 * SMTP_USER/SMTP_PASSWORD, refuses (550) any recipient whose address starts with `reject`, and
 * defers (451) any starting with `defer`.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('reject')) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        if (address.address.startsWith('defer')) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const split = raw.search(/\r?\n\r?\n/);
          const headers = parseHeaders(raw.slice(0, split));
          const parts: Record<string, string> = {};
          leafParts(headers, raw.slice(split).replace(/^\r?\n\r?\n/, ''), parts);
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            headers,
            parts,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  url(user = SMTP_USER, password = SMTP_PASSWORD): string {
    return `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }

  async waitFor(address: string, count: number, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${address}, got ${this.to(address).length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.to(address);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
