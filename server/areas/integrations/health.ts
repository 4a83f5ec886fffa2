/**
 * The integration health line (docs/integrations.md "Beyond the peers"): per source of an app, Waiting / Receiving / Degraded /
 * Broken, when it last saw data, and what is wrong in words, from checks we can run today. The checks are data: a
 * registry of `HealthCheck`s per source (`registerHealthChecks`); every attribution partner that sends postbacks (the
 * registry, src/contracts/partners.ts) gets the postback checks, and a partner adds its own. Built in: credential
 * lacks a role, the latest job failed, no new events for longer than the source's normal delay, revenue settings naming a parameter the events never carry, events enabled for
 * conversion that never arrived (or that the deployed function does not forward), a processed range with gaps.
 *
 * Status: any broken finding → broken; else any degraded → degraded; else receiving once the source has seen data
 * and is connected; otherwise waiting.
 */
import { QUERY_CANCELLED_MESSAGE } from '../../analytics/query-scope';
import type { Selectable } from 'kysely';
import { adjustFileEventNames } from './adjust/adjust';
import type { PluginsTable } from '../../db/schema';
import type { PluginType } from '../../../src/contracts/plugin';
import type { HealthFinding, HealthStatus, SourceHealth } from '../../../src/contracts/firebase';
import { iamRows, missingRoles } from '../../../src/contracts/integrations';
import { isGoogleCloudType, type GoogleCloudPluginType } from '../../../src/contracts/plugin-types';
import { POSTBACK_PARTNERS, hasEventsFile, isPartner } from '../../../src/contracts/partners';
import type { ServerContext } from '../../context';
import { postbackHealth } from '../postbacks/index';
import { pluginTargetOf, FUNCTION_DEPLOY } from './firebase/firebase';
import { JOB_KINDS } from './integrations';
import { revenueSettingsFor, type RevenueSettingRef } from './revenue-settings';
import { hasPostbacks, postbackSourceOf } from '../../../src/contracts/postbacks';
import {
  fileEventsNeverReceivedCheck,
  postbackSilenceCheck,
  REFUSED_WINDOW_MS,
  refusedPostbacksCheck,
} from './attribution-health';

type PluginRow = Selectable<PluginsTable>;

import type { HealthCheck, HealthSubject } from './health-check';

export type { HealthCheck, HealthSubject };

const registry = new Map<PluginType, HealthCheck[]>();

/** Adds checks for a source (a later call adds to the earlier ones; the same id replaces its earlier check). */
export function registerHealthChecks(source: PluginType, checks: readonly HealthCheck[]) {
  const ids = new Set(checks.map((c) => c.id));
  registry.set(source, [...(registry.get(source) ?? []).filter((c) => !ids.has(c.id)), ...checks]);
}
export const healthChecksOf = (source: PluginType): readonly HealthCheck[] => registry.get(source) ?? [];

// ------------------------------------------------------------------------------------------------ words

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export function duration(ms: number): string {
  if (ms >= 2 * DAY) return `${Math.floor(ms / DAY)} days`;
  if (ms >= 2 * HOUR) return `${Math.floor(ms / HOUR)} hours`;
  return `${Math.max(1, Math.floor(ms / 60_000))} minutes`;
}
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const listed = (items: readonly string[], max = 5) =>
  items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');

/**
 * When the source last saw data: the newest event arrival or stored postback (attribution sources: the same rows the
 * tab's status card counts), else the last processing (BigQuery).
 */
export function lastSeenOf(
  subject: Pick<HealthSubject, 'plugin' | 'events'>,
  lastPostbackAt: number | null = null,
): number | null {
  const relevant =
    subject.plugin.type === 'Firebase' ? subject.events.filter((e) => e.status === 'ENABLED') : subject.events;
  const newest = Math.max(0, lastPostbackAt ?? 0, ...relevant.map((e) => e.lastReceivedAt));
  if (newest > 0) return newest;
  return subject.plugin.last_refresh ? new Date(subject.plugin.last_refresh).getTime() : null;
}

// ------------------------------------------------------------------------------------------------ the checks

/** The credential lacks a required role (docs/integrations.md §Rules and limits), naming which, in which project. */
export const credentialRolesCheck: HealthCheck = {
  id: 'credential-roles',
  async run(subject) {
    const type = subject.plugin.type;
    if (!isGoogleCloudType(type)) return null;
    if (!subject.plugin.credential_id)
      return { check: this.id, severity: 'broken', message: 'No credential: configure the connection.' };
    const granted = await subject.grantedRoles();
    if (!granted)
      return {
        check: this.id,
        severity: 'broken',
        message: 'The credential cannot reach the GCP project of this connection.',
      };
    const missing = missingRoles(iamRows(type, granted.roles, granted.credential.type));
    if (missing.length === 0) return null;
    return {
      check: this.id,
      severity: 'broken',
      message: `The credential ${granted.credential.email} lacks ${listed(missing)} in the GCP project ${granted.project}.`,
    };
  },
};

const JOB_WORDS: Record<string, string> = {
  [JOB_KINDS.process]: 'Processing data',
  [JOB_KINDS.sandboxExport]: 'Preparing the sandbox export',
  [FUNCTION_DEPLOY]: 'Deploying the conversion function',
};
/** The latest job of a kind failed (a later success of that kind clears it), with its reason. */
export const failedJobCheck: HealthCheck = {
  id: 'failed-job',
  run(subject) {
    // A run cancelled by a person (docs/integrations.md §Job history) is no failure of the source.
    const failed = subject.latestJobs.filter((j) => j.status === 'failed' && j.result !== QUERY_CANCELLED_MESSAGE);
    if (failed.length === 0) return null;
    const words = failed.map(
      (j) =>
        `${JOB_WORDS[j.kind] ?? j.kind} failed${j.finishedAt ? ` on ${day(j.finishedAt)}` : ''}: ${j.result ?? 'no reason given'}`,
    );
    return { check: this.id, severity: 'broken', message: words.join(' ') };
  },
};

/** How long a source normally takes to deliver new events: Firebase forwards in real time, BigQuery exports daily. */
export const NORMAL_DELAY_MS: Record<GoogleCloudPluginType, number> = { Firebase: 6 * HOUR, BigQuery: 48 * HOUR };
/** No new events for longer than the source's normal delay (BigQuery only when it processes daily). */
export const staleCheck: HealthCheck = {
  id: 'stale',
  run(subject) {
    const type = subject.plugin.type;
    const delay = isGoogleCloudType(type) ? NORMAL_DELAY_MS[type] : null;
    if (!delay || subject.plugin.status === 'disconnected') return null;
    if (
      subject.plugin.type === 'BigQuery' &&
      (subject.plugin.attributes as Record<string, unknown>).dailyProcess !== true
    )
      return null;
    const seen = lastSeenOf(subject);
    if (seen === null || subject.now - seen <= delay) return null;
    return {
      check: this.id,
      severity: 'degraded',
      message: `No new events for ${duration(subject.now - seen)} (normally within ${duration(delay)}).`,
    };
  },
};

/** Revenue settings name a parameter the event never carries. */
export const revenueParameterCheck: HealthCheck = {
  id: 'revenue-parameters',
  run(subject) {
    const problems: string[] = [];
    for (const setting of subject.revenueSettings.filter((s) => s.source === subject.plugin.type)) {
      const event = subject.events.find((e) => e.eventName === setting.eventName);
      if (!event) continue;
      for (const parameter of [setting.revenueEp, setting.currencyEp]) {
        if (!(parameter in event.params))
          problems.push(`${setting.eventName} names the parameter ${parameter}, which its events never carry`);
      }
    }
    return problems.length
      ? { check: this.id, severity: 'degraded', message: `Revenue settings: ${problems.join('; ')}.` }
      : null;
  },
};

/** Events enabled for conversion that have never arrived. */
export const enabledNeverArrivedCheck: HealthCheck = {
  id: 'enabled-never-arrived',
  run(subject) {
    const never = subject.events.filter((e) => e.status === 'ENABLED' && e.lastReceivedAt <= 0).map((e) => e.eventName);
    if (never.length === 0) return null;
    return {
      check: this.id,
      severity: 'degraded',
      message: `Enabled for conversion but never received: ${listed(never)}.`,
    };
  },
};

/** Events enabled for conversion that the deployed function does not forward (no deployment under way). */
export const undeployedEventsCheck: HealthCheck = {
  id: 'undeployed-events',
  async run(subject) {
    const deploying = subject.latestJobs.some(
      (j) => j.kind === FUNCTION_DEPLOY && (j.status === 'queued' || j.status === 'running'),
    );
    const enabled = subject.events.filter((e) => e.status === 'ENABLED').map((e) => e.eventName);
    if (deploying || enabled.length === 0) return null;
    const deployed = new Set((await subject.deployedEvents()) ?? []);
    const missing = enabled.filter((name) => !deployed.has(name));
    if (missing.length === 0) return null;
    return {
      check: this.id,
      severity: 'degraded',
      message: `Enabled for conversion but not forwarded by the deployed function: ${listed(missing)}. Enable or disable an event to deploy again.`,
    };
  },
};

/** Days inside the processed range that the processed tables do not hold. */
export const rangeGapsCheck: HealthCheck = {
  id: 'range-gaps',
  async run(subject) {
    const { data_start: start, data_end: end } = subject.plugin;
    if (!start || !end) return null;
    const days = await subject.processedDays();
    if (!days) return null;
    const have = new Set(days);
    const missing: string[] = [];
    for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY) {
      if (!have.has(day(t))) missing.push(day(t));
    }
    if (missing.length === 0) return null;
    return {
      check: this.id,
      severity: 'degraded',
      message: `The processed range ${start} to ${end} misses ${missing.length} day${missing.length === 1 ? '' : 's'}: ${listed(missing)}.`,
    };
  },
};

registerHealthChecks('BigQuery', [
  credentialRolesCheck,
  failedJobCheck,
  staleCheck,
  revenueParameterCheck,
  rangeGapsCheck,
]);
registerHealthChecks('Firebase', [
  credentialRolesCheck,
  failedJobCheck,
  staleCheck,
  revenueParameterCheck,
  enabledNeverArrivedCheck,
  undeployedEventsCheck,
]);
// Every partner of the registry whose postbacks arrive: silence and refusals, then, with an events file, its events
// that never arrived.
for (const partner of POSTBACK_PARTNERS) {
  registerHealthChecks(partner, [
    postbackSilenceCheck,
    refusedPostbacksCheck,
    ...(hasEventsFile(partner) ? [fileEventsNeverReceivedCheck] : []),
  ]);
}

// ------------------------------------------------------------------------------------------------ evaluation

export function statusOf(
  plugin: PluginRow,
  findings: readonly HealthFinding[],
  lastSeenAt: number | null,
): HealthStatus {
  if (findings.some((f) => f.severity === 'broken')) return 'broken';
  if (findings.some((f) => f.severity === 'degraded')) return 'degraded';
  return lastSeenAt !== null && plugin.status === 'connected' ? 'receiving' : 'waiting';
}

/** A lazy answer computed at most once (several checks and the line itself read the same postbacks). */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | null = null;
  return () => (answer ??= compute());
}

async function subjectOf(
  ctx: ServerContext,
  plugin: PluginRow,
  revenueSettings: readonly RevenueSettingRef[],
): Promise<HealthSubject> {
  const events = await ctx.db
    .selectFrom('plugin_events')
    .select(['event_name', 'status', 'event_params', 'last_received_at'])
    .where('plugin_id', '=', plugin.id)
    .execute();
  const jobs = await ctx.db
    .selectFrom('jobs')
    .select(['kind', 'status', 'result', 'finished_at', 'created_at'])
    .where('plugin_id', '=', plugin.id)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  const latest = new Map<string, (typeof jobs)[number]>();
  for (const job of jobs) if (!latest.has(job.kind)) latest.set(job.kind, job);
  return {
    plugin,
    now: ctx.now().getTime(),
    events: events.map((e) => ({
      eventName: e.event_name,
      status: e.status,
      params: e.event_params,
      lastReceivedAt: Number(e.last_received_at),
    })),
    latestJobs: [...latest.values()].map((j) => ({
      kind: j.kind,
      status: j.status,
      result: j.result,
      finishedAt: j.finished_at ? new Date(j.finished_at).getTime() : null,
    })),
    revenueSettings,
    async grantedRoles() {
      const found = await pluginTargetOf(ctx, plugin);
      if (!found) return null;
      const projects = await ctx.providers.googleCloud.projects(found.credential, {
        workspaceId: found.target.workspaceId,
        apps: [found.target.app],
      });
      const roles = projects[found.target.project]?.[0]?.roles;
      return roles ? { credential: found.credential, project: found.target.project, roles } : null;
    },
    async deployedEvents() {
      const row = await ctx.db
        .selectFrom('firebase_functions')
        .select('event_names')
        .where('plugin_id', '=', plugin.id)
        .executeTakeFirst();
      return row ? row.event_names : null;
    },
    async processedDays() {
      const analytics = ctx.providers.analytics;
      if (!analytics || !plugin.data_start || !plugin.data_end) return null;
      return (await analytics.storeFor(plugin.app_id)).processedDays(plugin.app_id, plugin.data_start, plugin.data_end);
    },
    postbacks: once(async () => {
      const source = postbackSourceOf(plugin.type);
      const { received, refused } = await postbackHealth(
        ctx,
        plugin.app_id,
        source,
        new Date(ctx.now().getTime() - REFUSED_WINDOW_MS),
      );
      const last = Math.max(0, ...received.map((r) => new Date(r.last).getTime()));
      return {
        lastAt: last > 0 ? last : null,
        received: received.map((r) => r.event_name),
        refused: refused.map((r) => ({ reason: r.reason ?? 'no reason given', count: Number(r.count) })),
      };
    }),
    async fileEvents() {
      if (!isPartner(plugin.type) || !hasEventsFile(plugin.type)) return null;
      return adjustFileEventNames(ctx, plugin.id);
    },
  };
}

/** Runs a source's checks; a check that throws becomes a finding of its own (the line never fails as a whole). */
export async function evaluate(subject: HealthSubject, checks: readonly HealthCheck[]): Promise<HealthFinding[]> {
  const findings: HealthFinding[] = [];
  for (const check of checks) {
    try {
      const finding = await check.run(subject);
      if (finding) findings.push(finding);
    } catch (error) {
      findings.push({
        check: check.id,
        severity: 'degraded',
        message: `The ${check.id} check could not run: ${(error as Error).message}`,
      });
    }
  }
  return findings;
}

/** GET /api/app/:appId/integrations/health: one line per plugin of the app. */
export async function integrationHealth(ctx: ServerContext, appId: string): Promise<SourceHealth[]> {
  const plugins = await ctx.db
    .selectFrom('plugins')
    .selectAll()
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .execute();
  const revenueSettings = await revenueSettingsFor(ctx, appId);
  const lines: SourceHealth[] = [];
  for (const plugin of plugins) {
    const subject = await subjectOf(ctx, plugin, revenueSettings);
    const findings = await evaluate(subject, healthChecksOf(plugin.type));
    const seen = lastSeenOf(subject, hasPostbacks(plugin.type) ? (await subject.postbacks()).lastAt : null);
    const lastSeenAt = seen === null ? null : Math.min(seen, subject.now); // generated demo days may run to the end of today
    lines.push({
      source: plugin.type,
      pluginId: plugin.id,
      status: statusOf(plugin, findings, lastSeenAt),
      findings,
      lastSeenAt,
      checkedAt: subject.now,
    });
  }
  return lines;
}
