/**
 * Mail provider interface. The embedded default ("outbox") writes each message to the outbox table and the server
 * log, so invites work on one machine with no mail server; a real adapter would send through an SMTP or API provider.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}
export interface Mailer {
  send(db: Kysely<Database>, message: MailMessage): Promise<void>;
}

export function outboxMailer(log: (line: string) => void = () => {}): Mailer {
  return {
    async send(db, message) {
      await db.insertInto('outbox').values({ to_email: message.to, subject: message.subject, body: message.body }).execute();
      log(`[mail] to ${message.to}: ${message.subject}\n${message.body}`);
    },
  };
}
