/**
 * Alerts by e-mail (docs/notifications.md §E-mail): an alert delivered to a person whose e-mail switch for it is on
 * becomes one `notification_emails` row (unique per person and key, like the inbox entry), written in the same
 * transaction as the inbox entry; the e-mail job sends the due rows through the mail provider (the sandbox outbox, or
 * SMTP with SMTP_URL) and retries a failed send with a doubling backoff for up to 24 hours, then marks it failed.
 * Each message has a plain-text part, a signed unsubscribe link for its alert, and `List-Unsubscribe` /
 * `List-Unsubscribe-Post` headers (one click from the mail client, RFC 8058).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as t from 'io-ts';
import { sql } from 'kysely';
import { isRight } from 'fp-ts/Either';
import { ALERTS, AlertKindCodec, type AlertKind } from '../../../src/contracts/notifications';
import type { ServerContext } from '../../context';
import { enqueueWhenDue } from '../../jobs/scheduler';
import { ensureQueuedJob, nextAttempt, type JobHandlers } from '../../jobs/queue';
import { writeJson, readJson } from '../../db/json-column';
import { logLine } from '../../log';
import { runWebhookJob, WEBHOOK_JOB } from './webhooks';

export const EMAIL_JOB = 'notifications_email';
/** First retry after a failed send; doubling, until a message is a day old. */
export const EMAIL_RETRY = { baseMs: 60_000, giveUpMs: 24 * 60 * 60_000 };
/** Messages one job run sends at most (the next tick's job sends the rest). */
const EMAIL_BATCH = 200;

const Headers = t.record(t.string, t.string);
// An alert's link names the alert (k); a digest's names its subscription (s, docs/notifications.md §Subscriptions).
const UnsubscribeClaim = t.union([
  t.type({ a: t.string, w: t.string, k: AlertKindCodec }),
  t.type({ a: t.string, w: t.string, s: t.string }),
]);
export type UnsubscribeClaim = t.TypeOf<typeof UnsubscribeClaim>;

async function unsubscribeKey(ctx: ServerContext): Promise<Buffer> {
  const read = () =>
    ctx.db.selectFrom('notification_keys').select('secret').where('id', '=', 'unsubscribe').executeTakeFirst();
  let row = await read();
  if (!row) {
    await ctx.db
      .insertInto('notification_keys')
      .values({ id: 'unsubscribe', secret: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.secret, 'base64');
}

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`unsubscribe:${payload}`).digest('base64url');

/** A token naming the person, the workspace and the alert, signed with the area's key (it does not expire). */
export async function unsubscribeToken(ctx: ServerContext, claim: UnsubscribeClaim): Promise<string> {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${sign(await unsubscribeKey(ctx), payload)}`;
}

/** The claim of a token this server signed; null for anything else. */
export async function readUnsubscribeToken(ctx: ServerContext, token: string): Promise<UnsubscribeClaim | null> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(await unsubscribeKey(ctx), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const decoded = UnsubscribeClaim.decode(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
}

export const unsubscribeUrl = (ctx: ServerContext, token: string) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

export interface AlertMail {
  workspaceId: string;
  workspaceName: string;
  accountId: string;
  email: string;
  kind: AlertKind;
  key: string;
  title: string;
  body: string;
  link: string;
  at: Date;
}

/** The message of one alert to one person: subject, plain text and the unsubscribe headers. */
export async function composeAlertMail(ctx: ServerContext, mail: AlertMail) {
  const origin = ctx.config.publicUrl.replace(/\/$/, '');
  const url = unsubscribeUrl(
    ctx,
    await unsubscribeToken(ctx, { a: mail.accountId, w: mail.workspaceId, k: mail.kind }),
  );
  const label = ALERTS[mail.kind].label;
  const text = [
    mail.title,
    '',
    mail.body,
    '',
    `Open in Questboard: ${origin}${mail.link}`,
    '',
    '—',
    `You get this e-mail because the alert "${label}" is on for you in ${mail.workspaceName}.`,
    `Stop these e-mails (one click): ${url}`,
    `All your notification settings: ${origin}/workspace/${encodeURIComponent(mail.workspaceId)}/notifications`,
    '',
  ].join('\n');
  return {
    subject: `${mail.title} · ${mail.workspaceName}`,
    body: text,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Writes the alert's e-mails (in the caller's transaction; one per person and key) and makes sure a job sends them. */
export async function queueAlertMails(tx: ServerContext, mails: readonly AlertMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const values = [];
  for (const mail of mails) {
    const message = await composeAlertMail(tx, mail);
    values.push({
      workspace_id: mail.workspaceId,
      account_id: mail.accountId,
      kind: mail.kind,
      dedupe_key: `${mail.kind}:${mail.key}`,
      to_email: mail.email,
      subject: message.subject,
      body: message.body,
      headers: writeJson(Headers, message.headers),
      status: 'pending' as const,
      next_attempt_at: mail.at,
      created_at: mail.at,
    });
  }
  const rows = await tx.db
    .insertInto('notification_emails')
    .values(values)
    .onConflict((oc) => oc.columns(['account_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
  // One queued e-mail job at a time is enough: it sends every due message.
  if (rows.length > 0) await ensureQueuedJob(tx, EMAIL_JOB);
  return rows.length;
}

/**
 * Messages claimed at once: in the sandbox 50, written in one transaction; through SMTP one, so that a claim never
 * outlasts its lease however slow the server.
 */
const claimSize = (ctx: ServerContext) => (ctx.providers.mailer.kind === 'sandbox' ? 50 : 1);

interface ClaimedEmail {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  headers: unknown;
  attempts: number;
  created_at: Date;
}

/**
 * Claims due messages (claimSize) (SKIP LOCKED, so several servers share them) in a short transaction of its
 * own: the sends happen outside any transaction, so a slow or silent SMTP server never holds a connection (the
 * embedded database has one), and a killed server's messages are due again after the claim lease (config emailClaimLeaseMs)
 * (docs/notifications.md §E-mail).
 */
async function claimEmails(ctx: ServerContext): Promise<ClaimedEmail[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const rows = await trx
      .selectFrom('notification_emails')
      .select(['id', 'to_email', 'subject', 'body', 'headers', 'attempts', 'created_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(claimSize(ctx))
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('notification_emails')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: new Date(now.getTime() + ctx.config.emailClaimLeaseMs),
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

const asMessage = (row: ClaimedEmail) => ({
  to: row.to_email,
  subject: row.subject,
  body: row.body,
  headers: readJson(Headers, 'notification_emails.headers', row.headers),
});

/** Marks claimed messages sent (those still pending: a message is never sent twice by a late mark). */
const markSent = (db: ServerContext['db'], ids: string[], at: Date) =>
  db
    .updateTable('notification_emails')
    .set({ status: 'sent', sent_at: at, last_error: null })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();

/** A failed send: retried with a growing backoff until the message is a day old, then failed (logged). */
async function markFailed(ctx: ServerContext, row: ClaimedEmail, error: unknown): Promise<'retry' | 'failed'> {
  const reason = error instanceof Error ? error.message : String(error);
  const { at: next, givenUp } = nextAttempt(ctx.now(), row.attempts, row.created_at, EMAIL_RETRY);
  await ctx.db
    .updateTable('notification_emails')
    .set({ status: givenUp ? 'failed' : 'pending', next_attempt_at: next, last_error: reason.slice(0, 2000) })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  console.error(logLine('notifications', { email: row.id, attempt: row.attempts, failed: reason, givenUp }));
  return givenUp ? 'failed' : 'retry';
}

/** Sends a claim of due messages and records each answer; how many were sent and how many failed (none: 0 and 0). */
async function sendDueEmails(ctx: ServerContext): Promise<{ claimed: number; sent: number; failed: number }> {
  const rows = await claimEmails(ctx);
  if (rows.length === 0) return { claimed: 0, sent: 0, failed: 0 };
  if (ctx.providers.mailer.kind === 'sandbox') {
    // The sandbox writes outbox rows: they and "sent" commit together.
    await ctx.db.transaction().execute(async (trx) => {
      for (const row of rows) await ctx.providers.mailer.send(trx, asMessage(row));
      await markSent(
        trx,
        rows.map((row) => row.id),
        ctx.now(),
      );
    });
    return { claimed: rows.length, sent: rows.length, failed: 0 };
  }
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await ctx.providers.mailer.send(ctx.db, asMessage(row));
      await markSent(ctx.db, [row.id], ctx.now());
      sent++;
    } catch (error) {
      await markFailed(ctx, row, error);
      failed++;
    }
  }
  return { claimed: rows.length, sent, failed };
}

/** The e-mail job and the webhook job (./webhooks.ts): each sends what is due now. */
export const notificationJobs: JobHandlers = {
  handlers: {
    [WEBHOOK_JOB]: runWebhookJob,
    async [EMAIL_JOB](ctx) {
      let sent = 0;
      let failed = 0;
      let full = false;
      for (let i = 0; i < EMAIL_BATCH; i += claimSize(ctx)) {
        const done = await sendDueEmails(ctx);
        sent += done.sent;
        failed += done.failed;
        full = done.claimed === claimSize(ctx);
        if (!full) break;
      }
      // A full batch may have left messages due: the next job takes them now, not the scheduler a minute later.
      if (full) await ensureQueuedJob(ctx, EMAIL_JOB);
      return `${sent} e-mail${sent === 1 ? '' : 's'} sent${failed ? `, ${failed} to retry or failed` : ''}.`;
    },
  },
};

/** The scheduler's task: a job when messages are due (retries, or what a stopped server left) and none is queued. */
export async function scheduleNotificationEmails(ctx: ServerContext): Promise<string[]> {
  return enqueueWhenDue(ctx, EMAIL_JOB, 'notification_emails');
}
