/**
 * Mail provider interface. The embedded default ("outbox") writes each message to the outbox table and the server
 * log, so invites work on one machine with no mail server; a real adapter would send through an SMTP or API provider.
 * Header fields (to, subject) are single-line: CR, LF and other control characters are replaced by spaces, so an
 * interpolated value cannot add a header or a forged line. The log line JSON-encodes every value it writes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { logLine } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}
export interface Mailer {
  send(db: Kysely<Database>, message: MailMessage): Promise<void>;
}

/** A header value on one line: control characters (CR, LF, NUL, Unicode line separators…) become spaces. */
// oxlint-disable-next-line no-control-regex -- replacing control characters is the point
export const headerValue = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

export function outboxMailer(log: (line: string) => void = () => {}): Mailer {
  return {
    async send(db, message) {
      const to = headerValue(message.to);
      const subject = headerValue(message.subject);
      await db.insertInto('outbox').values({ to_email: to, subject, body: message.body }).execute();
      log(logLine('mail', { to, subject, body: message.body }));
    },
  };
}
