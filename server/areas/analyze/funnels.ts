/**
 * Funnels (docs/analyze.md §Funnels): run a funnel question on the app's engine (the one its reports use, DuckDB,
 * PostgreSQL or BigQuery, compiled by server/analytics/funnels.ts), list the players who dropped at a step, list the
 * app's event names for the steps, and save, list, open and delete funnel questions through the saved-questions store
 * (kind 'funnel', the configuration holds the question); opening one runs it again.
 */
import type { ServerContext } from '../../context';
import { DomainError, invalid, tooLarge } from '../../errors';
import { utcToday } from '../../../src/contracts/analyze';
import {
  DEFAULT_FUNNEL_TITLE,
  DROPOFF_IDS_MAX,
  FUNNEL_TITLE_MAX,
  FUNNEL_TITLE_MESSAGE,
  FUNNEL_TOO_LARGE_MESSAGE,
  FunnelQuestion as FunnelQuestionCodec,
  windowMinutes,
  type FunnelDropoff,
  type FunnelDropoffRequest,
  type FunnelQuestion,
  type FunnelResult,
  type FunnelSummary,
  type SavedFunnel,
  type SaveFunnelRequest,
} from '../../../src/contracts/funnels';
import {
  compileFunnel,
  droppedPlayers,
  funnelFromGroups,
  funnelPlayers,
  renderFunnel,
  renderFunnelSteps,
} from '../../analytics/funnels';
import { EVENTS_MODEL } from '../../analytics/catalogue';
import { ReportTooLargeError } from '../../analytics/engine';
import { cmp, col, param, renderSelect } from '../../analytics/sql';
import { asDomainError, enabledEngine } from './analyze';
import { savedQuestions } from './saved-questions';

/** How many event names the step picker offers (the app's distinct names, alphabetically). */
export const EVENT_NAMES_MAX = 500;
const isOutOfMemory = (error: unknown) =>
  error instanceof Error && /out of memory|memory limit/i.test(error.message) && !(error instanceof DomainError);
const tooLargeError = () => tooLarge(FUNNEL_TOO_LARGE_MESSAGE, 'funnel_too_large');

/** Testing seam: the most entering players a funnel holds (the product's is FUNNEL_PLAYERS_MAX). */
export const funnelLimits: { maxRows?: number } = {};

/** The app's engine and the question compiled for its data. */
async function compiledFor(ctx: ServerContext, appId: string, question: FunnelQuestion) {
  const { engine, available } = await enabledEngine(ctx, appId);
  const compiled = compileFunnel({
    appId,
    question,
    available,
    today: utcToday(ctx.now()),
    maxRows: funnelLimits.maxRows,
  });
  return { engine, compiled };
}

/** Too big for the engine's memory or the players' bound: 422 in words; anything else as the domain says. */
function funnelError(error: unknown): unknown {
  if (isOutOfMemory(error) || error instanceof ReportTooLargeError) return tooLargeError();
  return asDomainError(error);
}

/** The funnel's answer, computed in the engine (renderFunnelSteps): a row per group, nothing per player. */
export async function runFunnel(ctx: ServerContext, appId: string, question: FunnelQuestion): Promise<FunnelResult> {
  try {
    const { engine, compiled } = await compiledFor(ctx, appId, question);
    const rendered = renderFunnelSteps(compiled, engine.dialect);
    const { total, groups } = funnelFromGroups(compiled, await engine.rows(rendered));
    // The same bound as the drop-off list, which reads one row per entering player.
    if (total.steps[0]!.players > compiled.maxRows) throw tooLargeError();
    return {
      order: question.order,
      window_minutes: windowMinutes(question.window),
      date_start: compiled.range.date_start,
      date_end: compiled.range.date_end,
      total,
      split: question.split ?? null,
      groups,
      compiled: { dialect: rendered.dialect, sql: rendered.sql, params: rendered.params },
    };
  } catch (error) {
    throw funnelError(error);
  }
}

export async function funnelDropoff(
  ctx: ServerContext,
  appId: string,
  body: FunnelDropoffRequest,
): Promise<FunnelDropoff> {
  if (body.step > body.question.steps.length)
    throw invalid(`step must be between 2 and ${body.question.steps.length}`, ['step']);
  const group =
    body.split_value !== undefined || body.other
      ? { split_value: body.split_value ?? null, other: body.other ?? false }
      : undefined;
  try {
    const { engine, compiled } = await compiledFor(ctx, appId, body.question);
    // One row per entering player (cached as rows like any answer): the list is made from them here.
    const rows = await engine.rows(renderFunnel(compiled, engine.dialect));
    if (rows.length > compiled.maxRows) throw tooLargeError();
    const ids = droppedPlayers(compiled, funnelPlayers(compiled, rows), body.step, group);
    return { count: ids.length, user_ids: ids.slice(0, DROPOFF_IDS_MAX), truncated: ids.length > DROPOFF_IDS_MAX };
  } catch (error) {
    throw funnelError(error);
  }
}

/** The app's event names within its data, for the step picker. */
export async function funnelEventNames(ctx: ServerContext, appId: string): Promise<string[]> {
  try {
    const { engine, available } = await enabledEngine(ctx, appId);
    const rendered = renderSelect(
      {
        table: EVENTS_MODEL.table,
        select: [{ alias: 'event_name', expr: col('event_name') }],
        where: [
          cmp(col('app_id'), '=', param('app_id')),
          cmp(col('event_date'), '>=', param('date_start')),
          cmp(col('event_date'), '<=', param('date_end')),
        ],
        groupCount: 1,
        orderBy: [{ alias: 'event_name', direction: 'ASC' }],
        limit: EVENT_NAMES_MAX,
        params: {
          app_id: { type: 'STRING', value: appId },
          date_start: { type: 'DATE', value: available.start },
          date_end: { type: 'DATE', value: available.end },
        },
      },
      engine.dialect,
    );
    const rows = await engine.rows(rendered);
    return rows.map((r) => {
      const v = r.event_name;
      return String(v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v);
    });
  } catch (error) {
    throw asDomainError(error);
  }
}

/** Saved funnels (server/areas/analyze/saved-questions.ts). */
const store = savedQuestions<FunnelQuestion>({
  kind: 'funnel',
  codec: FunnelQuestionCodec,
  label: 'Funnel',
  defaultTitle: DEFAULT_FUNNEL_TITLE,
  titleMax: FUNNEL_TITLE_MAX,
  titleMessage: FUNNEL_TITLE_MESSAGE,
  modelId: 'events',
  check: async (ctx, appId, question) => {
    const { available } = await enabledEngine(ctx, appId);
    compileFunnel({ appId, question, available, today: utcToday(ctx.now()) });
  },
});

export const listFunnels: (ctx: ServerContext, appId: string) => Promise<FunnelSummary[]> = store.list;
export const getFunnel: (ctx: ServerContext, appId: string, id: string) => Promise<SavedFunnel> = store.get;
export const saveFunnel: (
  ctx: ServerContext,
  appId: string,
  accountId: string,
  body: SaveFunnelRequest,
) => Promise<FunnelSummary> = store.save;
export const deleteFunnel: (ctx: ServerContext, appId: string, id: string) => Promise<void> = store.remove;
