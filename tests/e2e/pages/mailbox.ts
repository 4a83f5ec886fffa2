/**
 * Reads invite emails the way a person would get them on this setup: the embedded mailer (server/providers/mailer.ts)
 * writes every message to the outbox table and to the server's output, and tests/e2e/global-setup.ts publishes the
 * file holding that output as E2E_SERVER_LOG. (The PGlite data folder cannot be opened by a second process while the
 * server runs, so the log is the way in.) Works for plain lines and for the JSON lines of LOG_REQUESTS=1.
 */
import fs from 'node:fs';
import { expect } from '@playwright/test';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function serverLog(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) {
    throw new Error('E2E_SERVER_LOG is not set: run through tests/e2e/global-setup.ts, or set it to the log of the server at E2E_BASE_URL.');
  }
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** The most recent invite link mailed to `email` (SPEC §4: /invite/{token}), waiting for it to be written. */
export async function inviteLinkFor(email: string): Promise<string> {
  // server/log.ts: `[mail] to="…" subject="…" body="…"`, each value JSON-encoded on one line.
  const pattern = new RegExp(`\\[mail\\] to=${escape(JSON.stringify(email.toLowerCase()))}[^\\n]*?Accept the invitation: (\\S+?/invite/[A-Za-z0-9_-]+)`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const matches = [...serverLog().matchAll(pattern)];
        link = matches.at(-1)?.[1];
        return link;
      },
      { message: `an invite email to ${email} in the server log`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The invite token of a link. */
export const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
