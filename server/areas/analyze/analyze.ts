/**
 * Analyze reports (docs/analyze.md §Report states report lifecycle, §API endpoints "Analytics service"): run and save templates, signed result urls,
 * model configs, and whether an app's Analyze is enabled.
 *
 * - Analyze is enabled for an app by the one rule of server/areas/apps/apps.ts (analyzePlugin: a BigQuery plugin with a
 *   processed data range), the same rule that sets the app's `enableAnalyze`; reports run on that plugin's engine
 *   (the deployment's analytics store, or BigQuery when the plugin asks for it) over that range.
 * - Running a report compiles it first (bad input → 400 before anything is written), runs it, then saves the
 *   template and the result rows in one transaction; the previous result of the template is replaced.
 * - The result url is `/analytics/result/{id}?expires={epoch s}&signature={HMAC-SHA256(key, id.expires)}`: fetched
 *   without the auth header, valid for RESULT_URL_TTL_SECONDS, bound to that one result. The key is a random row of
 *   report_url_keys, so every server process signs and verifies alike.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ReportTemplatesTable } from '../../db/schema';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { conflict, forbidden, invalid, notFound, timedOut, unavailable } from '../../errors';
import { analyzePluginOf } from '../apps/index';
import { recordQueryJob } from '../integrations/index';
import { QueryCancelledError } from '../../analytics/query-scope';
import { estimatedBytes } from '../../analytics/scan-estimate';
import { newId } from '../../auth/crypto';
import {
  ANALYZE_NOT_ENABLED_MESSAGE,
  DEFAULT_MODEL_ID,
  DEFAULT_REPORT_TITLE,
  REPORT_TITLE_MAX,
  utcToday,
  type DataModel,
  type ModelConfiguration,
  type Report,
  type ReportConfiguration,
  type ReportRow,
  type ReportTemplate,
  type CompiledSql,
  type ResolvedDates,
  type RunReportRequest,
  type RunReportResponse,
  type TemplateSummary,
  analyzeEndpoints,
} from '../../../src/contracts/analyze';
import { urlOf } from '../../../src/contracts/endpoint';
import type { Analytics } from '../../analytics/index';
import { ReportInputError, compileReport, requireModel } from '../../analytics/compiler';
import { QueryTimeoutError } from '../../analytics/event-store';
import { ReportTooLargeError, modelConfiguration, type ReportEngine } from '../../analytics/engine';

/** A run cancelled from the job history (docs/integrations.md §Job history). */
export const REPORT_CANCELLED = 'The report was cancelled.';

export const RESULT_URL_TTL_SECONDS = 60 * 60;
/** Results of runs that saved no template are kept this long. */
const UNSAVED_RESULT_DAYS = 1;

function analyticsOf(ctx: ServerContext): Analytics {
  const engine = ctx.providers.analytics;
  if (!engine) throw unavailable('Analytics is not available on this server.', 'analytics_unavailable');
  return engine;
}

/** The engine and data range of an app whose Analyze is enabled (apps.ts analyzePlugin); 409 otherwise. */
export async function enabledEngine(
  ctx: ServerContext,
  appId: string,
): Promise<{ engine: ReportEngine; available: { start: string; end: string }; pluginId: string }> {
  const analytics = analyticsOf(ctx);
  const plugin = await analyzePluginOf(ctx, appId);
  if (!plugin) throw conflict(ANALYZE_NOT_ENABLED_MESSAGE, 'analyze_not_enabled');
  return {
    engine: await analytics.engineFor(plugin),
    available: { start: plugin.data_start, end: plugin.data_end },
    pluginId: plugin.id,
  };
}

/** Engine errors → domain errors: bad input and too large are invalid (400), a timeout 504 (the server keeps serving). */
export function asDomainError(error: unknown): unknown {
  if (error instanceof ReportInputError) return invalid(error.message, error.field ? [error.field] : undefined);
  if (error instanceof ReportTooLargeError) return invalid(error.message, undefined, 'report_too_large');
  if (error instanceof QueryTimeoutError) return timedOut(error.message, 'report_timeout', error);
  if (error instanceof QueryCancelledError) return conflict(REPORT_CANCELLED, 'report_cancelled');
  return error;
}

export function listModels(ctx: ServerContext): DataModel[] {
  return analyticsOf(ctx).models.map((m) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    is_default: m.id === DEFAULT_MODEL_ID,
  }));
}

export async function modelConfig(ctx: ServerContext, appId: string, modelId: string): Promise<ModelConfiguration> {
  try {
    const model = requireModel(modelId);
    const { engine } = await enabledEngine(ctx, appId);
    return modelConfiguration(model, await engine.describe(model, appId));
  } catch (error) {
    throw asDomainError(error);
  }
}

const toSummary = (row: Pick<Selectable<ReportTemplatesTable>, 'id' | 'title' | 'updated_at'>): TemplateSummary => ({
  id: row.id,
  title: row.title,
  updated_at: new Date(row.updated_at).toISOString(),
});

function validTitle(title: string | null | undefined, fallback: string): string {
  const value = (title ?? '').trim() || fallback;
  if (value.length > REPORT_TITLE_MAX)
    throw invalid(`The title must be at most ${REPORT_TITLE_MAX} characters.`, ['title']);
  return value;
}

async function signingKey(ctx: ServerContext): Promise<Buffer> {
  const { db } = ctx;
  const read = () =>
    db.selectFrom('report_url_keys').select('secret').where('id', '=', 'result-url').executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('report_url_keys')
      .values({ id: 'result-url', secret: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.secret, 'base64');
}

const signature = (key: Buffer, resultId: string, expires: number) =>
  createHmac('sha256', key).update(`report-result:${resultId}:${expires}`).digest('base64url');

export async function signedResultUrl(ctx: ServerContext, resultId: string) {
  const expires = Math.floor(ctx.now().getTime() / 1000) + RESULT_URL_TTL_SECONDS;
  const sig = signature(await signingKey(ctx), resultId, expires);
  return {
    url: urlOf(analyzeEndpoints.result, { resultId }, { expires: String(expires), signature: sig }),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** GET of a signed result url (no auth header): the signature must match this result and not have expired. */
export async function readSignedResult(
  ctx: ServerContext,
  resultId: string,
  expires: string,
  sig: string,
): Promise<ReportRow[]> {
  const expiresAt = Number(expires);
  if (!/^\d{1,12}$/.test(expires) || expiresAt * 1000 < ctx.now().getTime()) {
    throw forbidden('This report link has expired. Run the report again.', 'report_link_expired');
  }
  const expected = Buffer.from(signature(await signingKey(ctx), resultId, expiresAt));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden('This report link is not valid.', 'report_link_invalid');
  }
  const row = await ctx.db.selectFrom('report_results').select('rows').where('id', '=', resultId).executeTakeFirst();
  if (!row) throw notFound('Report result');
  return row.rows as ReportRow[];
}

/**
 * Compiles and runs a report on the app's engine (recorded in the job history, cancellable there); bad input is a
 * 400 before anything runs. Shared by the report page's run and the digests (docs/notifications.md §Subscriptions).
 */
export async function executeReport(
  ctx: ServerContext,
  appId: string,
  report: Report,
  label: string,
): Promise<{ rows: ReportRow[]; resolved: ResolvedDates; compiledSql: CompiledSql }> {
  try {
    requireModel(report.model_id);
    const { engine, available, pluginId } = await enabledEngine(ctx, appId);
    const compiled = compileReport({ appId, report, available, today: utcToday(ctx.now()) });
    const rendered = engine.render(compiled);
    const compiledSql = { dialect: rendered.dialect, sql: rendered.sql, params: rendered.params };
    // Every run is in the job history (docs/integrations.md §Job history), cancellable while it runs.
    const dates = { start: compiled.resolved.date_start, end: compiled.resolved.date_end };
    const rows = await recordQueryJob(
      ctx,
      { appId, pluginId, kind: 'report', engine: engine.kind, label },
      () => engine.run(compiled, rendered),
      async () => {
        const store = await analyticsOf(ctx).storeFor(appId);
        const table = compiled.model.table;
        return estimatedBytes(table, await store.rowsInRange(table, { key: appId, ...dates }));
      },
    );
    return { rows, resolved: compiled.resolved, compiledSql };
  } catch (error) {
    throw asDomainError(error);
  }
}

/** POST /template/{appId}: compile, run, then save template and result together. */
export async function runReport(
  ctx: ServerContext,
  appId: string,
  accountId: string,
  body: RunReportRequest,
): Promise<RunReportResponse> {
  const existing = body.id
    ? await ctx.db
        .selectFrom('report_templates')
        .selectAll()
        .where('id', '=', body.id)
        .where('app_id', '=', appId)
        .where('kind', '=', 'report')
        .executeTakeFirst()
    : undefined;
  if (body.id && !existing) throw notFound('Report');
  const title = validTitle(body.title, existing?.title ?? DEFAULT_REPORT_TITLE);

  const { rows, resolved, compiledSql } = await executeReport(ctx, appId, body.report, title);

  const now = ctx.now();
  const resultId = newId();
  const template = await inTransaction(ctx, async (tx) => {
    const trx = tx.db;
    let summary: TemplateSummary | null = existing ? toSummary(existing) : null;
    if (body.saveTemplate) {
      const values = {
        title,
        model_id: body.report.model_id,
        configuration: JSON.stringify(body.report.configuration),
        updated_at: now,
      };
      if (existing) {
        await trx.updateTable('report_templates').set(values).where('id', '=', existing.id).execute();
        summary = { id: existing.id, title, updated_at: now.toISOString() };
      } else {
        const id = newId();
        await trx
          .insertInto('report_templates')
          .values({ id, app_id: appId, created_by: accountId, ...values })
          .execute();
        summary = { id, title, updated_at: now.toISOString() };
      }
      // The activity log's before → after (docs/activity.md): a save that changed nothing is no change.
      const changes = changesOf(
        existing ? { title: existing.title, model: existing.model_id, configuration: existing.configuration } : null,
        { title, model: body.report.model_id, configuration: body.report.configuration },
      );
      if (changes.length)
        await emit(tx, 'report.saved', {
          workspaceId: await workspaceOfApp(tx, appId),
          appId,
          reportId: summary.id,
          title,
          changes,
        });
    }
    const templateId = body.saveTemplate ? summary!.id : null;
    if (templateId) await trx.deleteFrom('report_results').where('template_id', '=', templateId).execute();
    await trx
      .deleteFrom('report_results')
      .where('template_id', 'is', null)
      .where('created_at', '<', new Date(now.getTime() - UNSAVED_RESULT_DAYS * 86_400_000))
      .execute();
    await trx
      .insertInto('report_results')
      .values({
        id: resultId,
        app_id: appId,
        template_id: templateId,
        rows: JSON.stringify(rows),
        resolved: JSON.stringify(resolved),
        compiled: JSON.stringify(compiledSql),
        row_count: rows.length,
        created_at: now,
      })
      .execute();
    return summary;
  });
  const signed = await signedResultUrl(ctx, resultId);
  return {
    success: true,
    url: signed.url,
    template,
    resolved,
    compiled: compiledSql,
    expires_at: signed.expiresAt,
    row_count: rows.length,
  };
}

export interface SavedReport {
  template: ReportTemplate;
  rows: ReportRow[];
  resolved?: ResolvedDates;
  compiled?: CompiledSql;
}

export async function getTemplate(ctx: ServerContext, appId: string, reportId: string): Promise<SavedReport> {
  const row = await ctx.db
    .selectFrom('report_templates')
    .selectAll()
    .where('id', '=', reportId)
    .where('app_id', '=', appId)
    .where('kind', '=', 'report')
    .executeTakeFirst();
  if (!row) throw notFound('Report');
  const result = await ctx.db
    .selectFrom('report_results')
    .select(['rows', 'resolved', 'compiled'])
    .where('template_id', '=', reportId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const report: Report = { model_id: row.model_id, configuration: row.configuration as unknown as ReportConfiguration };
  const resolved = result?.resolved as ResolvedDates | undefined;
  return {
    template: { ...toSummary(row), report },
    rows: (result?.rows ?? []) as ReportRow[],
    ...(resolved && 'date_start' in resolved ? { resolved } : {}),
    ...(result?.compiled ? { compiled: result.compiled as unknown as CompiledSql } : {}),
  };
}

/** Newest first (docs/analyze.md §Screens and routes Analyze overview). */
export async function listTemplates(ctx: ServerContext, appId: string): Promise<TemplateSummary[]> {
  const rows = await ctx.db
    .selectFrom('report_templates')
    .select(['id', 'title', 'updated_at'])
    .where('app_id', '=', appId)
    .where('kind', '=', 'report')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toSummary);
}

export async function deleteTemplate(ctx: ServerContext, appId: string, reportId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const deleted = await tx.db
      .deleteFrom('report_templates')
      .where('id', '=', reportId)
      .where('app_id', '=', appId)
      .where('kind', '=', 'report')
      .returning(['title', 'model_id'])
      .executeTakeFirst();
    if (!deleted) throw notFound('Report');
    await emit(tx, 'report.deleted', {
      workspaceId: await workspaceOfApp(tx, appId),
      appId,
      reportId,
      title: deleted.title,
      changes: changesOf({ title: deleted.title, model: deleted.model_id }, null),
    });
  });
}

export const workspaceOfApp = async (tx: ServerContext, appId: string) =>
  (await tx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow())
    .workspace_id;
