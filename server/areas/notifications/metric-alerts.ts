/**
 * Metric alerts (docs/notifications.md §Metric alerts): a person's rules on a saved report's metric, kept per
 * workspace, and their evaluation when an app's day of data lands (`plugin.data_processed`, an after-commit reaction
 * in server/areas.ts that queues the `metric_alert_check` job): only that app's active rules, one query per report over the last 8 weeks and the day through
 * Analyze (server/areas/analyze metricSeries), the decision of ./metric-alert-decide.ts, and a fired rule delivered
 * through the engine (deliverAlert: the owner's bell and e-mail, the webhooks that carry `metric_alert`) once per rule
 * and day (the `metric_alert_firings` row is claimed in the delivery's transaction).
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../../../src/contracts/domain-events';
import {
  ANOMALY_WEEKS,
  METRIC_ALERTS_LIMIT,
  METRIC_ALERTS_MAX,
  METRIC_NOT_IN_REPORT,
  thresholdProblem,
  type MetricAlert,
  type MetricAlertInput,
} from '../../../src/contracts/metric-alerts';
import { addDays, utcToday } from '../../../src/contracts/analyze';
import { inTransaction, type ServerContext } from '../../context';
import { conflict, invalid, notFound } from '../../errors';
import { metricSeries, newestDay, reportMetrics, savedReportOf } from '../analyze/index';
import { deliverAlert } from './notifications';
import { enqueueJob, type JobHandlers } from '../../jobs/queue';
import { decide, firedWords } from './metric-alert-decide';

const enc = encodeURIComponent;
const KEY_PREFIX = 'metric_alert:';

type Row = {
  id: string;
  workspace_id: string;
  app_id: string;
  report_id: string;
  account_id: string;
  metric: string;
  condition: MetricAlert['condition'];
  threshold: number;
  email: boolean;
  paused: boolean;
  created_at: Date;
};

/** The rules' "Delivery failing": the newest attempted e-mail (the owner's) or webhook delivery of a rule failed. */
async function failingRules(ctx: ServerContext, workspaceId: string, accountId: string): Promise<Set<string>> {
  const emails = await ctx.db
    .selectFrom('notification_emails')
    .select(['dedupe_key', 'status', 'last_error', 'created_at'])
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'metric_alert')
    .where('attempts', '>', 0)
    .execute();
  const hooks = await ctx.db
    .selectFrom('notification_webhook_deliveries')
    .select(['dedupe_key', 'status', 'last_error', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'metric_alert')
    .where('attempts', '>', 0)
    .execute();
  const newest = new Map<string, { at: number; failing: boolean }>();
  for (const row of [...emails, ...hooks]) {
    const ruleId = row.dedupe_key.slice(KEY_PREFIX.length).split(':')[0] ?? '';
    const at = new Date(row.created_at).getTime();
    const failing = row.status === 'failed' || (row.status === 'pending' && row.last_error !== null);
    const seen = newest.get(ruleId);
    if (!seen || at > seen.at || (at === seen.at && failing)) newest.set(ruleId, { at, failing });
  }
  return new Set([...newest].filter(([, v]) => v.failing).map(([id]) => id));
}

async function toAlerts(ctx: ServerContext, rows: Row[], failing: Set<string>): Promise<MetricAlert[]> {
  const reports = new Map<string, Awaited<ReturnType<typeof savedReportOf>>>();
  for (const row of rows)
    if (!reports.has(row.report_id)) reports.set(row.report_id, await savedReportOf(ctx, row.app_id, row.report_id));
  const fired = rows.length
    ? await ctx.db
        .selectFrom('metric_alert_firings')
        .select(['rule_id', 'day', 'value'])
        .distinctOn('rule_id')
        .where(
          'rule_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('rule_id')
        .orderBy('day', 'desc')
        .execute()
    : [];
  return rows.map((row) => {
    const report = reports.get(row.report_id) ?? null;
    const last = fired.find((f) => f.rule_id === row.id);
    const label = report ? reportMetrics(report.report).find((m) => m.column === row.metric)?.label : undefined;
    return {
      id: row.id,
      appId: row.app_id,
      reportId: row.report_id,
      reportTitle: report?.title ?? null,
      metric: row.metric,
      metricLabel: label ?? row.metric,
      condition: row.condition,
      threshold: row.threshold,
      email: row.email,
      paused: row.paused,
      lastFiredDay: last?.day ?? null,
      lastFiredValue: last ? Number(last.value) : null,
      deliveryFailing: failing.has(row.id),
      createdAt: row.created_at.toISOString(),
    };
  });
}

const columns = [
  'id',
  'workspace_id',
  'app_id',
  'report_id',
  'account_id',
  'metric',
  'condition',
  'threshold',
  'email',
  'paused',
  'created_at',
] as const;

/** The caller's metric alerts in the workspace, oldest first (of one report with `reportId`). */
export async function listMetricAlerts(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  reportId: string | undefined,
) {
  let q = ctx.db
    .selectFrom('metric_alerts')
    .select(columns)
    .where('workspace_id', '=', workspaceId)
    .where('account_id', '=', accountId);
  if (reportId) q = q.where('report_id', '=', reportId);
  const rows = (await q.orderBy('created_at').orderBy('id').execute()) as Row[];
  return {
    success: true as const,
    alerts: await toAlerts(ctx, rows, await failingRules(ctx, workspaceId, accountId)),
  };
}

/** The rule's checks: the report is a saved report of an app of this workspace, the metric one of its metrics, the threshold in its bounds. */
async function checked(ctx: ServerContext, workspaceId: string, input: MetricAlertInput) {
  const problem = thresholdProblem(input.condition, input.threshold);
  if (problem) throw invalid(problem, ['threshold']);
  const app = await ctx.db
    .selectFrom('apps')
    .select('id')
    .where('id', '=', input.appId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!app) throw notFound('Report');
  const report = await savedReportOf(ctx, input.appId, input.reportId);
  if (!report) throw notFound('Report');
  if (!reportMetrics(report.report).some((m) => m.column === input.metric))
    throw invalid(METRIC_NOT_IN_REPORT, ['metric']);
}

async function one(ctx: ServerContext, workspaceId: string, accountId: string, id: string) {
  const row = (await ctx.db
    .selectFrom('metric_alerts')
    .select(columns)
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('Metric alert');
  const [alert] = await toAlerts(ctx, [row], await failingRules(ctx, workspaceId, accountId));
  return { success: true as const, alert: alert! };
}

export async function createMetricAlert(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  input: MetricAlertInput,
) {
  await checked(ctx, workspaceId, input);
  const id = randomUUID();
  await inTransaction(ctx, async (tx) => {
    const count = await tx.db
      .selectFrom('metric_alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= METRIC_ALERTS_MAX) throw conflict(METRIC_ALERTS_LIMIT, 'metric_alerts_limit');
    const now = tx.now();
    await tx.db
      .insertInto('metric_alerts')
      .values({
        id,
        workspace_id: workspaceId,
        app_id: input.appId,
        report_id: input.reportId,
        account_id: accountId,
        metric: input.metric,
        condition: input.condition,
        threshold: input.threshold,
        email: input.email,
        paused: input.paused,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return one(ctx, workspaceId, accountId, id);
}

export async function updateMetricAlert(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  id: string,
  input: MetricAlertInput,
) {
  await one(ctx, workspaceId, accountId, id);
  await checked(ctx, workspaceId, input);
  await ctx.db
    .updateTable('metric_alerts')
    .set({
      app_id: input.appId,
      report_id: input.reportId,
      metric: input.metric,
      condition: input.condition,
      threshold: input.threshold,
      email: input.email,
      paused: input.paused,
      updated_at: ctx.now(),
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .execute();
  return one(ctx, workspaceId, accountId, id);
}

export async function deleteMetricAlert(ctx: ServerContext, workspaceId: string, accountId: string, id: string) {
  const deleted = await ctx.db
    .deleteFrom('metric_alerts')
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Metric alert');
  return { success: true as const };
}

// ------------------------------------------------------------------------------------------------ evaluation

/** The job that evaluates one app's metric alerts (the notifications' worker lane). */
export const METRIC_ALERT_JOB = 'metric_alert_check';

/**
 * `plugin.data_processed` → a job evaluating the app's metric alerts, when the app has active ones (an app without
 * any costs one indexed lookup). The reaction runs in the outbox's transaction: the query over the analytics engine
 * runs in the job instead, outside any transaction (it reads the app database beside it).
 */
export async function evaluateMetricAlerts(
  tx: ServerContext,
  event: DomainEvent<'plugin.data_processed'>,
): Promise<void> {
  const { appId } = event.payload;
  const active = await tx.db
    .selectFrom('metric_alerts')
    .select('id')
    .where('app_id', '=', appId)
    .where('paused', '=', false)
    .limit(1)
    .executeTakeFirst();
  if (active) await enqueueJob(tx, { kind: METRIC_ALERT_JOB, appId });
}

export const metricAlertJobs: JobHandlers = {
  handlers: {
    async [METRIC_ALERT_JOB](ctx, { job }) {
      const fired = await checkMetricAlerts(ctx, job.app_id!);
      return `${fired} metric alert${fired === 1 ? '' : 's'} fired.`;
    },
  },
};

/**
 * The app's active metric alerts evaluated for its newest processed complete day: each report queried once for all its rules'
 * metrics; a rule that fires claims its day and is delivered in one transaction. Returns how many fired.
 */
export async function checkMetricAlerts(ctx: ServerContext, appId: string): Promise<number> {
  const rules = (await ctx.db
    .selectFrom('metric_alerts')
    .select(columns)
    .where('app_id', '=', appId)
    .where('paused', '=', false)
    .execute()) as Row[];
  if (rules.length === 0) return 0;
  const range = await newestDay(ctx, appId);
  if (!range) return 0;
  // The newest complete UTC day: a run that processed today's first hours does not judge a day still under way.
  const yesterday = addDays(utcToday(ctx.now()), -1);
  const day = range.end < yesterday ? range.end : yesterday;
  let fired = 0;
  const byReport = new Map<string, Row[]>();
  for (const rule of rules) byReport.set(rule.report_id, [...(byReport.get(rule.report_id) ?? []), rule]);
  for (const [reportId, reportRules] of byReport) {
    const saved = await savedReportOf(ctx, appId, reportId);
    if (!saved) continue; // a deleted report's rules never fire (the list says so)
    const known = reportMetrics(saved.report);
    const live = reportRules.filter((rule) => known.some((m) => m.column === rule.metric));
    if (live.length === 0) continue;
    const series = await metricSeries(ctx, appId, saved.report, [...new Set(live.map((r) => r.metric))], {
      start: addDays(day, -7 * ANOMALY_WEEKS),
      end: day,
    });
    for (const rule of live) {
      const decision = decide(series.get(rule.metric)!, day, rule.condition, rule.threshold);
      if (!decision.fires) continue;
      const label = known.find((m) => m.column === rule.metric)!.label;
      const words = firedWords(label, rule.condition, rule.threshold, day, decision);
      const delivered = await inTransaction(ctx, async (tx) => {
        // The claim: a second evaluation of the same rule and day (an event handled twice, a re-run) finds the row.
        const claimed = await tx.db
          .insertInto('metric_alert_firings')
          .values({ rule_id: rule.id, day, value: decision.value, fired_at: tx.now() })
          .onConflict((oc) => oc.columns(['rule_id', 'day']).doNothing())
          .returning('rule_id')
          .executeTakeFirst();
        if (!claimed) return false;
        await deliverAlert(tx, {
          kind: 'metric_alert',
          workspaceId: rule.workspace_id,
          appId,
          title: words.title,
          body: `${saved.title}: ${words.body}`,
          link: `/workspace/${enc(rule.workspace_id)}/app/${enc(appId)}/analyze/report/${enc(reportId)}`,
          key: `${rule.id}:${day}`,
          at: tx.now(),
          to: [rule.account_id],
          email: rule.email,
        });
        return true;
      });
      if (delivered) fired += 1;
    }
  }
  return fired;
}
