/**
 * Retention cohorts (docs/analyze.md §Retention cohorts): run a cohort question on the app's engine (the same one its
 * reports use, DuckDB, PostgreSQL or BigQuery, compiled by server/analytics/cohorts.ts), and save, list, open and
 * delete cohort questions. Saved cohorts are rows of report_templates with kind 'cohort' (the configuration holds the
 * question); results are not stored: opening a saved cohort runs it again.
 */
import type { Selectable } from 'kysely';
import type { ReportTemplatesTable } from '../../db/schema';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { DomainError, invalid, notFound } from '../../errors';
import { newId } from '../../auth/crypto';
import { utcToday } from '../../../src/contracts/analyze';
import {
  COHORT_TITLE_MAX,
  DEFAULT_COHORT_TITLE,
  PERIOD_DAYS,
  type CohortQuestion,
  type CohortResult,
  type CohortSummary,
  type SavedCohort,
  type SaveCohortRequest,
} from '../../../src/contracts/cohorts';
import { cohortGroups, compileCohorts, renderCohorts } from '../../analytics/cohorts';
import { asDomainError, enabledEngine, workspaceOfApp } from './analyze';

const KIND = 'cohort';
/** A question the engine cannot hold in its memory limit: refused in words (as a report too large to scan). */
export const COHORTS_TOO_LARGE_MESSAGE =
  'This cohort table needs more memory than the analytics engine allows: shorten the install dates, choose fewer periods or remove the split.';
const isOutOfMemory = (error: unknown) =>
  error instanceof Error && /out of memory|memory limit/i.test(error.message) && !(error instanceof DomainError);

export async function runCohorts(ctx: ServerContext, appId: string, question: CohortQuestion): Promise<CohortResult> {
  try {
    const { engine, available } = await enabledEngine(ctx, appId);
    const compiled = compileCohorts({ appId, question, available, today: utcToday(ctx.now()) });
    const rendered = renderCohorts(compiled, engine.dialect);
    const rows = await engine.rows(rendered);
    return {
      grain: question.grain,
      periods: question.periods,
      period_days: PERIOD_DAYS[question.grain],
      date_start: compiled.range.date_start,
      date_end: compiled.range.date_end,
      data_end: compiled.dataEnd,
      split: question.split ?? null,
      groups: cohortGroups(compiled, rows),
      compiled: { dialect: rendered.dialect, sql: rendered.sql, params: rendered.params },
    };
  } catch (error) {
    if (isOutOfMemory(error)) throw invalid(COHORTS_TOO_LARGE_MESSAGE, ['question'], 'cohorts_too_large');
    throw asDomainError(error);
  }
}

const toSummary = (row: Pick<Selectable<ReportTemplatesTable>, 'id' | 'title' | 'updated_at'>): CohortSummary => ({
  id: row.id,
  title: row.title,
  updated_at: new Date(row.updated_at).toISOString(),
});

export async function listCohorts(ctx: ServerContext, appId: string): Promise<CohortSummary[]> {
  const rows = await ctx.db
    .selectFrom('report_templates')
    .select(['id', 'title', 'updated_at'])
    .where('app_id', '=', appId)
    .where('kind', '=', KIND)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toSummary);
}

const findCohort = (ctx: ServerContext, appId: string, id: string) =>
  ctx.db
    .selectFrom('report_templates')
    .selectAll()
    .where('id', '=', id)
    .where('app_id', '=', appId)
    .where('kind', '=', KIND)
    .executeTakeFirst();

export async function getCohort(ctx: ServerContext, appId: string, id: string): Promise<SavedCohort> {
  const row = await findCohort(ctx, appId, id);
  if (!row) throw notFound('Cohort table');
  return { ...toSummary(row), question: row.configuration as unknown as CohortQuestion };
}

/** Saves (creates or updates) a cohort question after checking it compiles against the app's data. */
export async function saveCohort(
  ctx: ServerContext,
  appId: string,
  accountId: string,
  body: SaveCohortRequest,
): Promise<CohortSummary> {
  const title = body.title.trim() || DEFAULT_COHORT_TITLE;
  if (title.length > COHORT_TITLE_MAX)
    throw invalid(`The title must be at most ${COHORT_TITLE_MAX} characters.`, ['title']);
  try {
    const { available } = await enabledEngine(ctx, appId);
    compileCohorts({ appId, question: body.question, available, today: utcToday(ctx.now()) });
  } catch (error) {
    throw asDomainError(error);
  }
  const now = ctx.now();
  return inTransaction(ctx, async (tx) => {
    const existing = body.id ? await findCohort(tx, appId, body.id) : undefined;
    if (body.id && !existing) throw notFound('Cohort table');
    const values = { title, model_id: 'daily_metrics', configuration: JSON.stringify(body.question), updated_at: now };
    const id = existing?.id ?? newId();
    if (existing) await tx.db.updateTable('report_templates').set(values).where('id', '=', id).execute();
    else
      await tx.db
        .insertInto('report_templates')
        .values({ id, app_id: appId, created_by: accountId, kind: KIND, ...values })
        .execute();
    const changes = changesOf(existing ? { title: existing.title, cohort: existing.configuration } : null, {
      title,
      cohort: body.question,
    });
    if (changes.length)
      await emit(tx, 'report.saved', {
        workspaceId: await workspaceOfApp(tx, appId),
        appId,
        reportId: id,
        title,
        changes,
      });
    return { id, title, updated_at: now.toISOString() };
  });
}

export async function deleteCohort(ctx: ServerContext, appId: string, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const deleted = await tx.db
      .deleteFrom('report_templates')
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .where('kind', '=', KIND)
      .returning(['title'])
      .executeTakeFirst();
    if (!deleted) throw notFound('Cohort table');
    await emit(tx, 'report.deleted', {
      workspaceId: await workspaceOfApp(tx, appId),
      appId,
      reportId: id,
      title: deleted.title,
      changes: changesOf({ title: deleted.title }, null),
    });
  });
}
