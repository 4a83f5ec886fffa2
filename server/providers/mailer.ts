/**
 * Mail provider interface (docs/accounts.md §Mail). The embedded default ("sandbox") writes each message to the
 * outbox table and the server log, so invitations and account links work on one machine with no mail server; with
 * `SMTP_URL` set, the SMTP adapter sends through that server with `nodemailer` (loaded only then).
 * Every message has a plain-text part (`body`), some an HTML alternative and attachments (digests); header fields (to, subject) are single-line: CR, LF and other
 * control characters are replaced by spaces, so an interpolated value cannot add a header or a forged line. The log
 * line JSON-encodes every value it writes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { logLine } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part (every message has one). */
  body: string;
  /** Extra header fields (e.g. `List-Unsubscribe`); names and values single-line like the others. */
  headers?: Readonly<Record<string, string>>;
  /** An HTML alternative of the text part (digests, docs/notifications.md §Subscriptions). */
  html?: string;
  /** Files attached; one with a `cid` is an inline image the HTML shows as `cid:…`. */
  attachments?: readonly MailAttachment[];
}
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}
export interface Mailer {
  /** `sandbox`: written to the outbox table and the log only (labelled "sandbox" where the UI mentions mail). */
  readonly kind: 'sandbox' | 'smtp';
  send(db: Kysely<Database>, message: MailMessage): Promise<void>;
}

/** A header value on one line: control characters (CR, LF, NUL, Unicode line separators…) become spaces. */
// oxlint-disable-next-line no-control-regex -- replacing control characters is the point
export const headerValue = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

export function outboxMailer(log: (line: string) => void = () => {}): Mailer {
  return {
    kind: 'sandbox',
    async send(db, message) {
      const to = headerValue(message.to);
      const subject = headerValue(message.subject);
      await db.insertInto('outbox').values({ to_email: to, subject, body: message.body }).execute();
      const headers = message.headers ? safeHeaders(message.headers) : undefined;
      // The sandbox keeps the text part; attachments are named in the log line (name, type, size), not stored.
      const attachments = message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        bytes: a.content.length,
      }));
      log(
        logLine('mail', {
          to,
          subject,
          ...(headers ? { headers } : {}),
          body: message.body,
          ...(attachments?.length ? { attachments } : {}),
        }),
      );
    },
  };
}

/** Extra header fields on one line each; a name that is not a plain header name is dropped. */
const safeHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => /^[A-Za-z][A-Za-z0-9-]{0,76}$/.test(name))
      .map(([name, value]) => [name, headerValue(value)]),
  );

/** What the SMTP adapter needs of a nodemailer transport (so a test can hand in its own). */
export interface SmtpTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
    attachments?: { filename: string; contentType: string; content: Buffer; cid?: string }[];
  }): Promise<unknown>;
}

/** The SMTP adapter: each message sent as text/plain through `transport`, from `from`. */
export function smtpMailer(transport: SmtpTransport, from: string): Mailer {
  return {
    kind: 'smtp',
    async send(_db, message) {
      await transport.sendMail({
        from,
        to: headerValue(message.to),
        subject: headerValue(message.subject),
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: safeHeaders(message.headers) } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: headerValue(a.filename),
                contentType: a.contentType,
                content: a.content,
                ...(a.cid ? { cid: a.cid } : {}),
              })),
            }
          : {}),
      });
    },
  };
}

/**
 * A silent SMTP server fails the send in under a minute (nodemailer's own defaults wait up to 10 minutes), within the
 * claim of the message being sent (EMAIL_CLAIM_LEASE_MS, docs/notifications.md §Delivery).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The package the SMTP adapter loads (a dependency), imported only when a deployment sets SMTP_URL. */
const NODEMAILER = 'nodemailer';

/**
 * The mailer the environment asks for: `SMTP_URL` (smtp:// or smtps://, credentials in the URL) sends through that
 * server from `MAIL_FROM` (default `Questboard <no-reply@PUBLIC_URL's host>`); unset: the sandbox outbox. A set
 * SMTP_URL without nodemailer installed stops the start with words, never falls back silently.
 */
export async function mailerFromEnv(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  log: (line: string) => void,
): Promise<Mailer> {
  const url = env.SMTP_URL?.trim();
  if (!url) return outboxMailer(log);
  if (!/^smtps?:\/\//i.test(url)) throw new Error('SMTP_URL must start with smtp:// or smtps://.');
  let nodemailer: { createTransport(options: typeof SMTP_TIMEOUTS & { url: string }): SmtpTransport };
  try {
    const loaded = (await import(/* @vite-ignore */ NODEMAILER)) as { default?: unknown };
    nodemailer = (loaded.default ?? loaded) as typeof nodemailer;
  } catch {
    throw new Error('SMTP_URL is set but the nodemailer package is not installed (npm install nodemailer).');
  }
  const from = env.MAIL_FROM?.trim() || `Questboard <no-reply@${new URL(publicUrl).hostname}>`;
  return smtpMailer(nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }), headerValue(from));
}
