/**
 * Digests of report and dashboard subscriptions (docs/notifications.md §Subscriptions), delivered at their hour:
 *  - the scheduler's task `scheduleDigests` queues the digest job only when a subscription is due (its indexed
 *    `next_run_at` has come) or a digest waits for a retry: quiet subscriptions cost one indexed read a tick;
 *  - the job opens each due subscription's period — one `report_digests` row per subscription and due instant
 *    (unique), its `next_run_at` moved to the next instant after now in the same transaction (SKIP LOCKED: two
 *    servers open a period once) — so a second pass in the same period adds nothing;
 *  - then it sends each pending digest: it runs the report (or the dashboard's tiles) now through Analyze, draws the
 *    chart to PNG, and sends one e-mail (text and HTML parts with the first 20 rows, the chart inline, the full CSV
 *    attached, a one-click unsubscribe link) and/or one short summary to the subscription's webhook. A failed send is
 *    retried after 1, 2, 4… minutes until the digest is a day old, then it is failed with its error (logged).
 */
import { sql } from 'kysely';
import { inTransaction, type ServerContext } from '../../context';
import { ensureQueuedJob, nextAttempt } from '../../jobs/queue';
import { logLine } from '../../log';
import { DomainError } from '../../errors';
import { dashboardDigest, reportDigest, type DigestContent, type DigestTable } from '../analyze/index';
import { toCsv } from '../../../src/contracts/csv';
import { toMatrix, unwrapCell } from '../../../src/contracts/report-rows';
import { formatCell } from '../../../src/contracts/result-columns';
import { DIGEST_CSV_ROWS_MAX, DIGEST_ROWS, scheduleText } from '../../../src/contracts/report-subscriptions';
import type { MailAttachment } from '../../providers/mailer';
import { unsubscribeToken, unsubscribeUrl } from './email';
import { chartSvg, svgToPng } from './chart-svg';
import { nextRun } from './schedule';
import { queueDigestWebhookDelivery } from './webhooks';

export const DIGEST_JOB = 'notifications_digest';
export const DIGEST_RETRY = { baseMs: 60_000, giveUpMs: 24 * 60 * 60_000 };
/** A claimed digest is due again after this should its server stop mid-send. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Subscriptions one pass opens, and digests one job sends, at most (the next tick's job does the rest). */
const BATCH = 100;

/** The scheduler's task: a digest job when a subscription is due or a digest waits for its retry, and none is queued. */
export async function scheduleDigests(ctx: ServerContext): Promise<string[]> {
  const now = ctx.now();
  const due =
    (await ctx.db
      .selectFrom('report_subscriptions')
      .select('id')
      .where('paused', '=', false)
      .where('next_run_at', '<=', now)
      .limit(1)
      .executeTakeFirst()) ??
    (await ctx.db
      .selectFrom('report_digests')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .limit(1)
      .executeTakeFirst());
  if (!due) return [];
  const id = await inTransaction(ctx, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${DIGEST_JOB}))`.execute(tx.db);
    return ensureQueuedJob(tx, DIGEST_JOB);
  });
  return id ? [id] : [];
}

/** Opens the period of every due subscription (one digest row each) and moves it to its next instant. */
export async function openDuePeriods(ctx: ServerContext): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const due = await tx.db
      .selectFrom('report_subscriptions')
      .select(['id', 'frequency', 'hour', 'weekday', 'time_zone', 'next_run_at'])
      .where('paused', '=', false)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    let opened = 0;
    for (const row of due) {
      const period = new Date(row.next_run_at!).toISOString();
      const inserted = await tx.db
        .insertInto('report_digests')
        .values({ subscription_id: row.id, period, status: 'pending', next_attempt_at: now, created_at: now })
        .onConflict((oc) => oc.columns(['subscription_id', 'period']).doNothing())
        .returning('id')
        .execute();
      opened += inserted.length;
      // From now, not from the missed instant: a server down for days sends one digest, not one per missed period.
      const next = nextRun(
        { frequency: row.frequency, hour: row.hour, weekday: row.weekday, timeZone: row.time_zone },
        now,
      );
      await tx.db.updateTable('report_subscriptions').set({ next_run_at: next }).where('id', '=', row.id).execute();
    }
    return opened;
  });
}

interface Claimed {
  id: string;
  period: string;
  attempts: number;
  created_at: Date;
  subscription_id: string;
  workspace_id: string;
  account_id: string;
  app_id: string;
  target_kind: 'report' | 'dashboard';
  target_id: string;
  title: string;
  frequency: 'daily' | 'weekly';
  hour: number;
  weekday: number | null;
  time_zone: string;
  email: boolean;
  webhook_id: string | null;
}

/** Claims the next due digest for one attempt (SKIP LOCKED; its next attempt moved past a lease). */
async function claimDigest(ctx: ServerContext): Promise<Claimed | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await trx
      .selectFrom('report_digests as d')
      .innerJoin('report_subscriptions as s', 's.id', 'd.subscription_id')
      .select([
        'd.id',
        'd.period',
        'd.attempts',
        'd.created_at',
        'd.subscription_id',
        's.workspace_id',
        's.account_id',
        's.app_id',
        's.target_kind',
        's.target_id',
        's.title',
        's.frequency',
        's.hour',
        's.weekday',
        's.time_zone',
        's.email',
        's.webhook_id',
      ])
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(1)
      .forUpdate('d')
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('report_digests')
      .set({ attempts: row.attempts + 1, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where('id', '=', row.id)
      .execute();
    return { ...row, attempts: row.attempts + 1, created_at: new Date(row.created_at) };
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A table's first rows as aligned plain text (`|`-separated), as the grid prints the cells. */
function textTable(table: DigestTable, rows: DigestTable['rows']): string {
  const head = table.columns.map((c) => c.label || c.id);
  const body = rows.map((row) => table.columns.map((c) => formatCell(c, unwrapCell(row[c.id]))));
  const widths = head.map((h, i) => Math.min(40, Math.max(h.length, ...body.map((r) => r[i]!.length))));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-+-'), ...body.map(line)].join('\n');
}

function htmlTable(table: DigestTable, rows: DigestTable['rows']): string {
  const th = 'style="text-align:left;padding:4px 8px;border-bottom:1px solid #cbd5e1;font-size:13px"';
  const td = 'style="padding:4px 8px;border-bottom:1px solid #e2e8f0;font-size:13px;font-variant-numeric:tabular-nums"';
  return [
    '<table cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:8px 0">',
    `<thead><tr>${table.columns.map((c) => `<th scope="col" ${th}>${escapeHtml(c.label || c.id)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map(
      (row) =>
        `<tr>${table.columns.map((c) => `<td ${td}>${escapeHtml(formatCell(c, unwrapCell(row[c.id])))}</td>`).join('')}</tr>`,
    ),
    '</tbody></table>',
  ].join('');
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'report';

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  headers: Record<string, string>;
  summary: string;
}

/** The digest's e-mail: text and HTML with each table's first rows, each chart as an inline PNG, each CSV attached. */
export async function composeDigest(
  ctx: ServerContext,
  sub: Pick<
    Claimed,
    'subscription_id' | 'workspace_id' | 'account_id' | 'app_id' | 'frequency' | 'hour' | 'weekday' | 'time_zone'
  >,
  content: DigestContent,
  workspaceName: string,
): Promise<DigestMail> {
  const origin = ctx.config.publicUrl.replace(/\/$/, '');
  const appBase = `${origin}/workspace/${encodeURIComponent(sub.workspace_id)}/app/${encodeURIComponent(sub.app_id)}/`;
  const unsubscribe = unsubscribeUrl(
    ctx,
    await unsubscribeToken(ctx, { a: sub.account_id, w: sub.workspace_id, s: sub.subscription_id }),
  );
  const settings = `${origin}/workspace/${encodeURIComponent(sub.workspace_id)}/notifications`;
  const schedule = scheduleText({
    frequency: sub.frequency,
    hour: sub.hour,
    weekday: sub.weekday,
    timeZone: sub.time_zone,
  });
  const attachments: MailAttachment[] = [];
  const texts: string[] = [];
  const htmls: string[] = [];
  const usedNames = new Set<string>();
  content.tables.forEach((table, index) => {
    const link = `${appBase}${table.path}`;
    // A report's one table is the digest itself: no second heading of the same name.
    if (content.tables.length > 1 || table.title !== content.title) {
      texts.push(table.title, '='.repeat(Math.min(60, table.title.length)));
      htmls.push(`<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(table.title)}</h2>`);
    }
    if (table.note) {
      texts.push(table.note, `Open in Questboard: ${link}`, '');
      htmls.push(`<p>${escapeHtml(table.note)} <a href="${escapeHtml(link)}">Open in Questboard</a></p>`);
      return;
    }
    if (table.rows.length === 0) {
      texts.push('No rows for this period.', `Open in Questboard: ${link}`, '');
      htmls.push(`<p>No rows for this period. <a href="${escapeHtml(link)}">Open in Questboard</a></p>`);
      return;
    }
    const first = table.rows.slice(0, DIGEST_ROWS);
    const more = table.rows.length - first.length;
    const shown =
      more > 0
        ? `The first ${first.length} of ${table.rows.length} rows (all of them in the attached CSV).`
        : `${table.rows.length} row${table.rows.length === 1 ? '' : 's'}.`;
    if (table.chartType !== 'table') {
      const chart = chartSvg(table.rows, table.columns, table.chartType);
      if (chart) {
        const cid = `chart-${index}@questboard`;
        attachments.push({
          filename: `${slug(table.title)}-chart.png`,
          contentType: 'image/png',
          content: svgToPng(chart.svg),
          cid,
        });
        htmls.push(
          `<img src="cid:${cid}" width="${chart.width}" height="${chart.height}" alt="Chart of ${escapeHtml(table.title)}" style="max-width:100%;height:auto">`,
        );
        texts.push(`(The chart is attached as ${slug(table.title)}-chart.png.)`);
      }
    }
    texts.push(shown, '', textTable(table, first), '', `Open in Questboard: ${link}`, '');
    htmls.push(
      `<p style="color:#475569;font-size:13px">${escapeHtml(shown)}</p>`,
      htmlTable(table, first),
      `<p><a href="${escapeHtml(link)}">Open in Questboard</a></p>`,
    );
    let name = `${slug(table.title)}.csv`;
    for (let n = 2; usedNames.has(name); n++) name = `${slug(table.title)}-${n}.csv`;
    usedNames.add(name);
    attachments.push({
      filename: name,
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from(toCsv(toMatrix(table.rows.slice(0, DIGEST_CSV_ROWS_MAX), table.columns)), 'utf8'),
    });
  });
  const why = `You get this digest because you subscribed to “${content.title}” in ${workspaceName}: ${schedule}.`;
  const text = [
    content.title,
    '',
    ...texts,
    '—',
    why,
    `Stop this subscription (one click): ${unsubscribe}`,
    `Your subscriptions: ${settings}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    `<h1 style="font-size:20px">${escapeHtml(content.title)}</h1>`,
    ...htmls,
    `<hr><p style="color:#475569;font-size:12px">${escapeHtml(why)}<br>`,
    `<a href="${escapeHtml(unsubscribe)}">Stop this subscription</a> · <a href="${escapeHtml(settings)}">Your subscriptions</a></p>`,
    '</body></html>',
  ].join('\n');
  const rowCount = content.tables.reduce((sum, table) => sum + table.rows.length, 0);
  return {
    subject: `${content.title} · ${workspaceName}`,
    text,
    html,
    attachments,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    // The webhook's words: names and counts only, never a row (a channel may be shared wider than the workspace).
    summary: `${schedule}: ${content.tables.length} table${content.tables.length === 1 ? '' : 's'}, ${rowCount} row${rowCount === 1 ? '' : 's'}.`,
  };
}

type Outcome = 'sent' | 'retry' | 'failed' | 'dropped';

async function sendDigest(ctx: ServerContext, claimed: Claimed): Promise<Outcome> {
  const now = ctx.now();
  try {
    const member = await ctx.db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
      .select(['accounts.email', 'workspaces.name'])
      .where('memberships.workspace_id', '=', claimed.workspace_id)
      .where('memberships.account_id', '=', claimed.account_id)
      .executeTakeFirst();
    if (!claimed.email && !claimed.webhook_id) {
      // Its only webhook was deleted (the column is set null) and e-mail is off: paused until its owner picks a channel.
      await ctx.db
        .updateTable('report_subscriptions')
        .set({ paused: true, next_run_at: null })
        .where('id', '=', claimed.subscription_id)
        .execute();
      await ctx.db
        .updateTable('report_digests')
        .set({ status: 'failed', last_error: 'No channel left.' })
        .where('id', '=', claimed.id)
        .execute();
      return 'dropped';
    }
    if (!member) {
      // No longer a member: the subscription ends with the membership (its digests go with it).
      await ctx.db.deleteFrom('report_subscriptions').where('id', '=', claimed.subscription_id).execute();
      return 'dropped';
    }
    let content: DigestContent;
    try {
      content =
        claimed.target_kind === 'report'
          ? await reportDigest(ctx, claimed.app_id, claimed.target_id)
          : await dashboardDigest(ctx, claimed.app_id, claimed.target_id);
    } catch (error) {
      // The report or dashboard was deleted: the subscription ends with it (nothing left to send, ever).
      if (error instanceof DomainError && error.kind === 'not_found') {
        await ctx.db.deleteFrom('report_subscriptions').where('id', '=', claimed.subscription_id).execute();
        return 'dropped';
      }
      throw error;
    }
    const mail = await composeDigest(ctx, claimed, content, member.name);
    const key = `${claimed.subscription_id}:${claimed.period}`;
    const message = {
      to: member.email,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: mail.attachments,
    };
    // SMTP outside any transaction (a slow server never holds a database connection: docs/notifications.md §E-mail);
    // the sandbox's outbox row commits with "sent".
    const sandbox = ctx.providers.mailer.kind === 'sandbox';
    if (claimed.email && !sandbox) await ctx.providers.mailer.send(ctx.db, message);
    await inTransaction(ctx, async (tx) => {
      if (claimed.webhook_id) {
        await queueDigestWebhookDelivery(tx, {
          webhookId: claimed.webhook_id,
          workspaceId: claimed.workspace_id,
          appId: claimed.app_id,
          key,
          title: content.title,
          body: mail.summary,
          link: `/workspace/${encodeURIComponent(claimed.workspace_id)}/app/${encodeURIComponent(claimed.app_id)}/${content.path}`,
          at: now,
        });
      }
      if (claimed.email && sandbox) await ctx.providers.mailer.send(tx.db, message);
      await tx.db
        .updateTable('report_digests')
        .set({ status: 'sent', sent_at: now, last_error: null })
        .where('id', '=', claimed.id)
        .execute();
      await tx.db
        .updateTable('report_subscriptions')
        .set({ last_sent_at: now, title: content.title.slice(0, 200) })
        .where('id', '=', claimed.subscription_id)
        .execute();
    });
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { at, givenUp } = nextAttempt(now, claimed.attempts, claimed.created_at, DIGEST_RETRY);
    await ctx.db
      .updateTable('report_digests')
      .set({ status: givenUp ? 'failed' : 'pending', next_attempt_at: at, last_error: message.slice(0, 2000) })
      .where('id', '=', claimed.id)
      .execute();
    console.error(
      logLine('notifications', { digest: claimed.id, attempt: claimed.attempts, failed: message, givenUp }),
    );
    return givenUp ? 'failed' : 'retry';
  }
}

/** The digest job: opens the due periods, then sends every due digest. */
export async function runDigestJob(ctx: ServerContext): Promise<string> {
  const opened = await openDuePeriods(ctx);
  let sent = 0;
  let other = 0;
  for (let i = 0; i < BATCH; i++) {
    const claimed = await claimDigest(ctx);
    if (!claimed) break;
    if ((await sendDigest(ctx, claimed)) === 'sent') sent++;
    else other++;
  }
  // A full batch may have left digests due: the next job takes them now, not the scheduler a minute later.
  if (sent + other === BATCH) await ensureQueuedJob(ctx, DIGEST_JOB);
  return `${opened} period${opened === 1 ? '' : 's'} opened, ${sent} digest${sent === 1 ? '' : 's'} sent${other ? `, ${other} to retry, failed or dropped` : ''}.`;
}
