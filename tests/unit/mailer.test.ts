/**
 * The mail provider (server/providers/mailer.ts): the sandbox by default, the SMTP adapter chosen by SMTP_URL, every
 * message a plain-text part with single-line headers.
 */
import { describe, expect, it } from 'vitest';
import { mailerFromEnv, smtpMailer, type SmtpTransport } from '../../server/providers/mailer';

describe('mail provider', () => {
  it('is the sandbox outbox without SMTP_URL', async () => {
    expect((await mailerFromEnv({}, 'http://127.0.0.1:8080', () => {})).kind).toBe('sandbox');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', async () => {
    await expect(mailerFromEnv({ SMTP_URL: 'http://mail' }, 'http://x', () => {})).rejects.toThrow(
      'SMTP_URL must start with smtp:// or smtps://.',
    );
  });

  it('sends each message as plain text with one-line headers through the SMTP transport', async () => {
    const sent: unknown[] = [];
    const transport: SmtpTransport = {
      sendMail: async (mail) => {
        sent.push(mail);
      },
    };
    const mailer = smtpMailer(transport, 'Questboard <no-reply@questboard.test>');
    await mailer.send(null as never, {
      to: 'a@b.dev\r\nBcc: x@evil.dev',
      subject: 'Hi\nthere',
      body: 'Line 1\nLine 2',
    });
    expect(sent).toEqual([
      {
        from: 'Questboard <no-reply@questboard.test>',
        to: 'a@b.dev  Bcc: x@evil.dev',
        subject: 'Hi there',
        text: 'Line 1\nLine 2',
      },
    ]);
  });
});
