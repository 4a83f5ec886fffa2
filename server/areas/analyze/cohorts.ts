/**
 * Retention cohorts (docs/analyze.md §Retention cohorts): run a cohort question on the app's engine (the same one its
 * reports use, DuckDB, PostgreSQL or BigQuery, compiled by server/analytics/cohorts.ts), and save, list, open and
 * delete cohort questions through the saved-questions store (kind 'cohort', the configuration holds the question);
 * results are not stored: opening a saved cohort runs it again.
 */
import type { ServerContext } from '../../context';
import { DomainError, invalid } from '../../errors';
import { utcToday } from '../../../src/contracts/analyze';
import {
  COHORT_TITLE_MAX,
  COHORT_TITLE_MESSAGE,
  CohortQuestion as CohortQuestionCodec,
  DEFAULT_COHORT_TITLE,
  PERIOD_DAYS,
  type CohortQuestion,
  type CohortResult,
  type CohortSummary,
  type SavedCohort,
  type SaveCohortRequest,
} from '../../../src/contracts/cohorts';
import { cohortGroups, compileCohorts, renderCohorts } from '../../analytics/cohorts';
import { asDomainError, enabledEngine } from './analyze';
import { savedQuestions } from './saved-questions';

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

/** Saved cohort tables (server/areas/analyze/saved-questions.ts). */
const store = savedQuestions<CohortQuestion>({
  kind: 'cohort',
  codec: CohortQuestionCodec,
  label: 'Cohort table',
  defaultTitle: DEFAULT_COHORT_TITLE,
  titleMax: COHORT_TITLE_MAX,
  titleMessage: COHORT_TITLE_MESSAGE,
  modelId: 'daily_metrics',
  check: async (ctx, appId, question) => {
    const { available } = await enabledEngine(ctx, appId);
    compileCohorts({ appId, question, available, today: utcToday(ctx.now()) });
  },
});

export const listCohorts: (ctx: ServerContext, appId: string) => Promise<CohortSummary[]> = store.list;
export const getCohort: (ctx: ServerContext, appId: string, id: string) => Promise<SavedCohort> = store.get;
export const saveCohort: (
  ctx: ServerContext,
  appId: string,
  accountId: string,
  body: SaveCohortRequest,
) => Promise<CohortSummary> = store.save;
export const deleteCohort: (ctx: ServerContext, appId: string, id: string) => Promise<void> = store.remove;
