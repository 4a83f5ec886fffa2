/**
 * An in-process SMTP server for the delivery tests (docs/notifications.md §E-mail): `smtp-server` on a free port of
 * 127.0.0.1, each message parsed with `mailparser` and pushed to `into`, then accepted, unless `hold` says to keep it
 * unanswered (the kill test's message in flight: pushed to `held`, never accepted).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startSmtpCapture(
  into: ParsedMail[],
  options: { hold?: (mail: ParsedMail) => boolean; held?: ParsedMail[] } = {},
): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (options.hold?.(mail)) options.held?.push(mail);
          else {
            into.push(mail);
            callback();
          }
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
