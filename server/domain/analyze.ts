/**
 * Analyze reports (SPEC §4 report lifecycle, §7 "Analytics service"): run and save templates, signed result urls,
 * model configs, and whether an app's Analyze is enabled.
 *
 * - Analyze is enabled for an app when it has a BigQuery plugin with data: in the embedded event store, or (for an
 *   app whose plugin runs reports on BigQuery) the plugin's processed data range.
 * - Running a report compiles it first (bad input → 400 before anything is written), runs it, then saves the
 *   template and the result rows in one transaction; the previous result of the template is replaced.
 * - The result url is `/analytics/result/{id}?expires={epoch s}&signature={HMAC-SHA256(key, id.expires)}`: fetched
 *   without the auth header, valid for RESULT_URL_TTL_SECONDS, bound to that one result. The key is a random row of
 *   report_url_keys, so every server process signs and verifies alike.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PluginsTable, ReportTemplatesTable } from '../db/schema';
import type { ServerContext } from '../context';
import { HttpError, badRequest, notFound } from '../http/errors';
import { newId } from '../auth/crypto';
import {
  ANALYZE_NOT_ENABLED_MESSAGE, DEFAULT_MODEL_ID, DEFAULT_REPORT_TITLE, REPORT_TITLE_MAX, utcToday,
  type DataModel, type ModelConfiguration, type Report, type ReportConfiguration, type ReportRow, type ReportTemplate,
  type CompiledSql, type ResolvedDates, type RunReportRequest, type RunReportResponse, type TemplateSummary,
} from '../../src/contracts/analyze';
import type { AnalyticsEngine } from '../analytics/index';
import { ReportInputError, compileReport, requireModel } from '../analytics/compiler';
import { QueryTimeoutError } from '../analytics/event-store';
import { ReportTooLargeError, modelConfiguration, type ReportEngine } from '../analytics/engine';

export const RESULT_URL_TTL_SECONDS = 60 * 60;
/** Results of runs that saved no template are kept this long. */
const UNSAVED_RESULT_DAYS = 1;

function analyticsOf(ctx: ServerContext): AnalyticsEngine {
  const engine = ctx.services.analytics as AnalyticsEngine | undefined;
  if (!engine) throw new HttpError(503, 'Analytics is not available on this server.', 'analytics_unavailable');
  return engine;
}

async function bigQueryPlugin(db: Kysely<Database>, appId: string): Promise<Selectable<PluginsTable> | undefined> {
  return db.selectFrom('plugins').selectAll().where('app_id', '=', appId).where('type', '=', 'BigQuery').orderBy('created_at').executeTakeFirst();
}

/** SPEC §4: Analyze is enabled only after the BigQuery plugin has data. */
export async function isAnalyzeEnabled(ctx: ServerContext, appId: string): Promise<boolean> {
  const engine = ctx.services.analytics as AnalyticsEngine | undefined;
  if (!engine) return false;
  const plugin = await bigQueryPlugin(ctx.db, appId);
  if (!plugin) return false;
  const reportEngine = engine.engineFor(plugin);
  if (reportEngine.kind === 'bigquery') return !!(plugin.data_start && plugin.data_end);
  return (await engine.store.dataRange(appId)) !== null;
}

/** The engine and data range of an app whose Analyze is enabled; 409 otherwise. */
async function enabledEngine(ctx: ServerContext, appId: string): Promise<{ engine: ReportEngine; available: { start: string; end: string } }> {
  const analytics = analyticsOf(ctx);
  const plugin = await bigQueryPlugin(ctx.db, appId);
  if (plugin) {
    const engine = analytics.engineFor(plugin);
    const available = engine.kind === 'bigquery'
      ? plugin.data_start && plugin.data_end ? { start: plugin.data_start, end: plugin.data_end } : null
      : await engine.dataRange(appId);
    if (available) return { engine, available };
  }
  throw new HttpError(409, ANALYZE_NOT_ENABLED_MESSAGE, 'analyze_not_enabled');
}

/** Engine errors → answers: bad input 400, too large 400, timeout 504 (the server keeps serving). */
function asHttpError(error: unknown): unknown {
  if (error instanceof ReportInputError) return badRequest(error.message, error.field ? [error.field] : undefined);
  if (error instanceof ReportTooLargeError) return new HttpError(400, error.message, 'report_too_large');
  if (error instanceof QueryTimeoutError) return new HttpError(504, error.message, 'report_timeout');
  return error;
}

export function listModels(ctx: ServerContext): DataModel[] {
  return analyticsOf(ctx).models.map((m) => ({ id: m.id, name: m.name, description: m.description, is_default: m.id === DEFAULT_MODEL_ID }));
}

export async function modelConfig(ctx: ServerContext, appId: string, modelId: string): Promise<ModelConfiguration> {
  try {
    const model = requireModel(modelId);
    const { engine } = await enabledEngine(ctx, appId);
    return modelConfiguration(model, await engine.describe(model, appId));
  } catch (error) {
    throw asHttpError(error);
  }
}

const toSummary = (row: Pick<Selectable<ReportTemplatesTable>, 'id' | 'title' | 'updated_at'>): TemplateSummary => ({
  id: row.id,
  title: row.title,
  updated_at: new Date(row.updated_at).toISOString(),
});

function validTitle(title: string | null | undefined, fallback: string): string {
  const value = (title ?? '').trim() || fallback;
  if (value.length > REPORT_TITLE_MAX) throw badRequest(`The title must be at most ${REPORT_TITLE_MAX} characters.`, ['title']);
  return value;
}

async function signingKey(db: Kysely<Database>): Promise<Buffer> {
  const read = () => db.selectFrom('report_url_keys').select('secret').where('id', '=', 'result-url').executeTakeFirst();
  let row = await read();
  if (!row) {
    await db.insertInto('report_url_keys').values({ id: 'result-url', secret: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('id').doNothing()).execute();
    row = await read();
  }
  return Buffer.from(row!.secret, 'base64');
}

const signature = (key: Buffer, resultId: string, expires: number) =>
  createHmac('sha256', key).update(`report-result:${resultId}:${expires}`).digest('base64url');

export async function signedResultUrl(db: Kysely<Database>, resultId: string, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + RESULT_URL_TTL_SECONDS;
  const sig = signature(await signingKey(db), resultId, expires);
  return {
    url: `/analytics/result/${encodeURIComponent(resultId)}?expires=${expires}&signature=${sig}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** GET of a signed result url (no auth header): the signature must match this result and not have expired. */
export async function readSignedResult(ctx: ServerContext, resultId: string, expires: string, sig: string): Promise<ReportRow[]> {
  const expiresAt = Number(expires);
  if (!/^\d{1,12}$/.test(expires) || expiresAt * 1000 < ctx.now().getTime()) {
    throw new HttpError(403, 'This report link has expired. Run the report again.', 'report_link_expired');
  }
  const expected = Buffer.from(signature(await signingKey(ctx.db), resultId, expiresAt));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(403, 'This report link is not valid.', 'report_link_invalid');
  }
  const row = await ctx.db.selectFrom('report_results').select('rows').where('id', '=', resultId).executeTakeFirst();
  if (!row) throw notFound('Report result');
  return row.rows as ReportRow[];
}

/** POST /template/{appId}: compile, run, then save template and result together. */
export async function runReport(ctx: ServerContext, appId: string, accountId: string, body: RunReportRequest): Promise<RunReportResponse> {
  const existing = body.id
    ? await ctx.db.selectFrom('report_templates').selectAll().where('id', '=', body.id).where('app_id', '=', appId).executeTakeFirst()
    : undefined;
  if (body.id && !existing) throw notFound('Report');
  const title = validTitle(body.title, existing?.title ?? DEFAULT_REPORT_TITLE);

  let rows: ReportRow[];
  let resolved: ResolvedDates;
  let compiledSql: CompiledSql;
  try {
    requireModel(body.report.model_id);
    const { engine, available } = await enabledEngine(ctx, appId);
    const compiled = compileReport({ appId, report: body.report, available, today: utcToday(ctx.now()) });
    resolved = compiled.resolved;
    const rendered = engine.render(compiled);
    compiledSql = { dialect: rendered.dialect, sql: rendered.sql, params: rendered.params };
    rows = await engine.run(compiled, rendered);
  } catch (error) {
    throw asHttpError(error);
  }

  const now = ctx.now();
  const resultId = newId();
  const template = await ctx.db.transaction().execute(async (trx) => {
    let summary: TemplateSummary | null = existing ? toSummary(existing) : null;
    if (body.saveTemplate) {
      const values = { title, model_id: body.report.model_id, configuration: JSON.stringify(body.report.configuration), updated_at: now };
      if (existing) {
        await trx.updateTable('report_templates').set(values).where('id', '=', existing.id).execute();
        summary = { id: existing.id, title, updated_at: now.toISOString() };
      } else {
        const id = newId();
        await trx.insertInto('report_templates').values({ id, app_id: appId, created_by: accountId, ...values }).execute();
        summary = { id, title, updated_at: now.toISOString() };
      }
    }
    const templateId = body.saveTemplate ? summary!.id : null;
    if (templateId) await trx.deleteFrom('report_results').where('template_id', '=', templateId).execute();
    await trx.deleteFrom('report_results').where('template_id', 'is', null)
      .where('created_at', '<', new Date(now.getTime() - UNSAVED_RESULT_DAYS * 86_400_000)).execute();
    await trx.insertInto('report_results').values({
      id: resultId, app_id: appId, template_id: templateId, rows: JSON.stringify(rows), resolved: JSON.stringify(resolved),
      compiled: JSON.stringify(compiledSql), row_count: rows.length, created_at: now,
    }).execute();
    return summary;
  });
  const signed = await signedResultUrl(ctx.db, resultId, now);
  return { success: true, url: signed.url, template, resolved, compiled: compiledSql, expires_at: signed.expiresAt, row_count: rows.length };
}

export interface SavedReport {
  template: ReportTemplate;
  rows: ReportRow[];
  resolved?: ResolvedDates;
  compiled?: CompiledSql;
}

export async function getTemplate(ctx: ServerContext, appId: string, reportId: string): Promise<SavedReport> {
  const row = await ctx.db.selectFrom('report_templates').selectAll().where('id', '=', reportId).where('app_id', '=', appId).executeTakeFirst();
  if (!row) throw notFound('Report');
  const result = await ctx.db.selectFrom('report_results').select(['rows', 'resolved', 'compiled']).where('template_id', '=', reportId)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const report: Report = { model_id: row.model_id, configuration: row.configuration as unknown as ReportConfiguration };
  const resolved = result?.resolved as ResolvedDates | undefined;
  return {
    template: { ...toSummary(row), report },
    rows: (result?.rows ?? []) as ReportRow[],
    ...(resolved && 'date_start' in resolved ? { resolved } : {}),
    ...(result?.compiled ? { compiled: result.compiled as unknown as CompiledSql } : {}),
  };
}

/** Newest first (SPEC §2 Analyze overview). */
export async function listTemplates(ctx: ServerContext, appId: string): Promise<TemplateSummary[]> {
  const rows = await ctx.db.selectFrom('report_templates').select(['id', 'title', 'updated_at']).where('app_id', '=', appId)
    .orderBy('updated_at', 'desc').orderBy('id').execute();
  return rows.map(toSummary);
}

export async function deleteTemplate(ctx: ServerContext, appId: string, reportId: string): Promise<void> {
  const deleted = await ctx.db.deleteFrom('report_templates').where('id', '=', reportId).where('app_id', '=', appId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Report');
}
