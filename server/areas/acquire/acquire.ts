/**
 * Acquire's business rules (docs/acquire.md §Screens and routes Acquire, §Entities Quest and Acquisition settings draft, §Quest states quest menu and draft →
 * review → publish / discard, §Rules and limits Acquire target, §Roles viewers and staff; the status table and what a quest is are in
 * src/contracts/acquire.ts's header):
 *  - the app's attribution source (the gate) and its events with when each was last received;
 *  - quests: create, write the draft, publish (after the 48-hour pre-publish check), discard, stop, restart, delete
 *    the active version then the draft, publish all / discard all (which ones failed, and why);
 *  - the acquisition settings draft (the KPI and its target value are changed only by Questboard staff);
 *  - progress from rows: the player app's views and starts (s2s, with the app's s2s API key, replay-safe) and step
 *    completions from attribution postbacks (`recordStepCompletion`), each within the daily cap a pending charge.
 */
import { sql } from 'kysely';
import {
  PREPUBLISH_WINDOW_MS,
  TARGET_KPIS,
  countryPayoutChanges,
  stepPayoutFor,
  questStatusRule,
  validateQuestDefinition,
  type AcquireSource,
  type AcquisitionSettingsDraft,
  type BulkQuestResult,
  type FunnelStage,
  type PlayerQuestEvent,
  type Quest,
  type QuestAnalytics,
  type QuestDefinition,
  type QuestStatus,
  type QuestStep,
  type QuestVersion,
  type SaveAcquisitionSettingsRequest,
  type SourceEvent,
} from '../../../src/contracts/acquire';
import { validateAcquireTarget } from '../../../src/contracts/acquire-rules';
import { PARTNERS, inWords } from '../../../src/contracts/partners';
import { QUEST_EVENT_TYPES } from '../../../src/contracts/plugin-types';
import { newId } from '../../auth/crypto';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { SUPPORTED_COUNTRIES } from '../../../src/contracts/countries';
import { verifyApiKey } from '../apps/index';
import { pluginEventsOf, pluginsOfTypes } from '../integrations/index';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../errors';
import { suggestQuests } from './suggestions';
import { addToSpendHour, countStep, utcDayStart } from './spend-hours';
import { recordQuestStart } from './quest-returns';
import { announcePace } from './pace-alerts';
import { judgeCompletion } from './fraud-rules';
import { holdCompletion } from './hold-writer';
import { postbackLastSeen, type PostbackSubject } from '../postbacks/index';
import { changesOf, type DomainEvent } from '../../../src/contracts/domain-events';
import { shortCache } from '../../short-cache';
import { JsonTextList, readJson, writeJson } from '../../db/json-column';

/** The refusal of an app without a source names the partners the page offers (every partner of the registry). */
export const NO_ATTRIBUTION_SOURCE = `Connect ${inWords(PARTNERS)} to use Acquire.`;

// ------------------------------------------------------------------------------------------------ the source

/**
 * The app's active attribution source: its active plugin when that is one, else its first plugin of a type whose events
 * quest steps count (the registry's QUEST_EVENT_TYPES: the partners with a plugin, and Firebase's conversion events).
 */
export async function acquireSource(ctx: ServerContext, appId: string): Promise<AcquireSource | null> {
  const [app, plugins] = await Promise.all([
    ctx.db.selectFrom('apps').select('details').where('id', '=', appId).executeTakeFirst(),
    pluginsOfTypes(ctx, appId, QUEST_EVENT_TYPES),
  ]);
  if (!app) throw notFound('App');
  const activeId = (app.details as Record<string, unknown>).activePluginId;
  const plugin = plugins.find((p) => p.id === activeId) ?? plugins[0];
  return plugin ? { pluginId: plugin.id, type: plugin.type, status: plugin.status } : null;
}

/**
 * The source's events with when each was last received (epoch ms): the plugin's event list, plus every postback
 * received for the app (the attribution postbacks of server/areas/postbacks/postbacks.ts).
 */
export async function sourceEvents(
  ctx: ServerContext,
  appId: string,
  source: AcquireSource | null,
): Promise<SourceEvent[]> {
  if (!source) return [];
  const seen = new Map<string, number | null>();
  const rows = await pluginEventsOf(ctx, source.pluginId, { includeDisabled: true, limit: 10_000 });
  for (const row of rows)
    seen.set(row.event_name, Number(row.last_received_at) > 0 ? Number(row.last_received_at) : null);
  for (const [name, at] of await postbackLastSeen(ctx, appId)) {
    const known = seen.get(name) ?? null;
    seen.set(name, known === null ? at : Math.max(known, at));
  }
  return [...seen]
    .map(([eventName, lastReceivedAt]) => ({ eventName, lastReceivedAt }))
    .sort((a, b) => a.eventName.localeCompare(b.eventName));
}

async function requireSource(ctx: ServerContext, appId: string): Promise<AcquireSource> {
  const source = await acquireSource(ctx, appId);
  if (!source) throw conflict(NO_ATTRIBUTION_SOURCE, 'no_attribution_source');
  return source;
}

// ------------------------------------------------------------------------------------------------ quests: reading

export type QuestRow = {
  id: string;
  app_id: string;
  status: 'DRAFT' | 'LIVE' | 'STOPPED';
  suggested: boolean;
  active: Record<string, unknown> | null;
  draft: Record<string, unknown> | null;
};

export const definitionOf = (json: Record<string, unknown>): QuestDefinition => json as unknown as QuestDefinition;
const sameDefinition = (a: Record<string, unknown> | null, b: Record<string, unknown> | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Today's (UTC) charged cents of each quest, and whether a completion was refused by its cap today. */
async function today(
  ctx: ServerContext,
  questIds: readonly string[],
): Promise<Map<string, { cents: number; refused: boolean }>> {
  const result = new Map<string, { cents: number; refused: boolean }>();
  if (questIds.length === 0) return result;
  // The hours written with each completion (spend-hours.ts), in the completion's transaction: the same sums, ≤ 24 rows.
  const rows = await ctx.db
    .selectFrom('quest_spend_hours')
    .select([
      'quest_id',
      sql<string>`coalesce(sum(charged_cents), 0)`.as('cents'),
      sql<string>`coalesce(sum(over_cap), 0)`.as('refused'),
    ])
    .where('quest_id', 'in', questIds)
    .where('hour', '>=', utcDayStart(ctx.now()))
    .groupBy('quest_id')
    .execute();
  for (const row of rows) result.set(row.quest_id, { cents: Number(row.cents), refused: Number(row.refused) > 0 });
  return result;
}

/**
 * The shown status of the active version (the status table): LIVE becomes CAPPED once today's charges reach the daily
 * cap or a completed step was refused by it today.
 */
export function activeStatus(row: QuestRow, day: { cents: number; refused: boolean } | undefined): QuestStatus {
  if (row.status !== 'LIVE' || !row.active || !day) return row.status;
  return day.refused || day.cents >= Math.round(definitionOf(row.active).dailyCap * 100) ? 'CAPPED' : 'LIVE';
}

async function analyticsOf(ctx: ServerContext, rows: readonly QuestRow[]): Promise<Map<string, QuestAnalytics>> {
  const result = new Map<string, QuestAnalytics>();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return result;
  const [players, completions] = await Promise.all([
    ctx.db
      .selectFrom('quest_player_events')
      .select(['quest_id', 'kind', sql<string>`count(DISTINCT player_id)`.as('players')])
      .where('quest_id', 'in', ids)
      .groupBy(['quest_id', 'kind'])
      .execute(),
    ctx.db
      .selectFrom('quest_step_counts')
      .select(['quest_id', 'step_index', 'players'])
      .where('quest_id', 'in', ids)
      .execute(),
  ]);
  for (const row of rows) {
    const of = (kind: string) => Number(players.find((p) => p.quest_id === row.id && p.kind === kind)?.players ?? 0);
    const lastStep = ((row.active ?? row.draft) ? definitionOf((row.active ?? row.draft)!).steps.length : 0) - 1;
    const totalCompleted = Number(
      completions.find((c) => c.quest_id === row.id && c.step_index === lastStep)?.players ?? 0,
    );
    const totalStarted = of('start');
    result.set(row.id, {
      totalViewed: of('view'),
      totalStarted,
      totalCompleted,
      // Completed ÷ started, in percent with one decimal (0 while nobody started).
      percentageCompleted: totalStarted === 0 ? 0 : Math.round((totalCompleted / totalStarted) * 1000) / 10,
    });
  }
  return result;
}

function versionOf(
  id: string,
  json: Record<string, unknown>,
  status: string,
  analytics: QuestAnalytics | null,
): QuestVersion {
  const def = definitionOf(json);
  return { id, name: def.name, status, analytics, steps: def.steps, countries: def.countries, dailyCap: def.dailyCap };
}

async function toQuests(ctx: ServerContext, rows: readonly QuestRow[]): Promise<Quest[]> {
  const [days, analytics] = await Promise.all([
    today(
      ctx,
      rows.map((r) => r.id),
    ),
    analyticsOf(ctx, rows),
  ]);
  return rows.map((row) => ({
    id: row.id,
    diff: row.draft !== null && !sameDefinition(row.active, row.draft),
    suggested: row.suggested,
    active: row.active
      ? versionOf(row.id, row.active, activeStatus(row, days.get(row.id)), analytics.get(row.id) ?? null)
      : null,
    draft: row.draft
      ? versionOf(`${row.id}:draft`, row.draft, 'DRAFT', row.active ? null : (analytics.get(row.id) ?? null))
      : null,
  }));
}

export const questColumns = ['id', 'app_id', 'status', 'suggested', 'active', 'draft'] as const;

export async function listQuests(ctx: ServerContext, appId: string): Promise<Quest[]> {
  const rows = await ctx.db
    .selectFrom('quests')
    .select(questColumns)
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return toQuests(ctx, rows);
}

export async function questRow(ctx: ServerContext, appId: string, questId: string, lock = false): Promise<QuestRow> {
  let query = ctx.db.selectFrom('quests').select(questColumns).where('id', '=', questId).where('app_id', '=', appId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Quest');
  return row;
}

export async function getQuest(
  ctx: ServerContext,
  appId: string,
  questId: string,
): Promise<{ quest: Quest; funnel: FunnelStage[] }> {
  const row = await questRow(ctx, appId, questId);
  const [quest] = await toQuests(ctx, [row]);
  return { quest: quest!, funnel: await funnelOf(ctx, row) };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Viewed → started → each step (median minutes from the player's start) of the version players see. */
async function funnelOf(ctx: ServerContext, row: QuestRow): Promise<FunnelStage[]> {
  const def = definitionOf((row.active ?? row.draft)!);
  const events = await ctx.db
    .selectFrom('quest_player_events')
    .select(['kind', 'player_id', sql<Date>`min(at)`.as('at')])
    .where('quest_id', '=', row.id)
    .groupBy(['kind', 'player_id'])
    .execute();
  const starts = new Map(events.filter((e) => e.kind === 'start').map((e) => [e.player_id, new Date(e.at).getTime()]));
  const completions = await ctx.db
    .selectFrom('quest_step_completions')
    .select(['step_index', 'player_id', 'completed_at'])
    .where('quest_id', '=', row.id)
    .execute();
  const stages: FunnelStage[] = [
    { label: 'Viewed', players: events.filter((e) => e.kind === 'view').length, medianMinutes: null },
    { label: 'Started', players: starts.size, medianMinutes: null },
  ];
  def.steps.forEach((step, index) => {
    const done = completions.filter((c) => c.step_index === index);
    const minutes = done.flatMap((c) => {
      const start = starts.get(c.player_id);
      return start === undefined ? [] : [Math.max(0, (new Date(c.completed_at).getTime() - start) / 60_000)];
    });
    const m = median(minutes);
    stages.push({
      label: `Step ${index + 1}: ${step.eventName}`,
      players: done.length,
      medianMinutes: m === null ? null : Math.round(m * 10) / 10,
    });
  });
  return stages;
}

// ------------------------------------------------------------------------------------------------ quests: writing

/** Checks a definition against the contract's rules, the supported countries and the source's events. */
async function checkDefinition(ctx: ServerContext, appId: string, def: QuestDefinition): Promise<QuestDefinition> {
  const errors = validateQuestDefinition(def);
  const first = Object.entries(errors)[0];
  if (first) throw invalid(`${first[0]} ${first[1]}.`, Object.keys(errors));
  const unknownCountry = def.countries.find((c) => !SUPPORTED_COUNTRIES.includes(c));
  if (unknownCountry) throw invalid(`countries: ${unknownCountry} is not a supported country.`, ['countries']);
  const source = await requireSource(ctx, appId);
  const known = new Set((await sourceEvents(ctx, appId, source)).map((e) => e.eventName));
  const unknownEvent = def.steps.find((s) => !known.has(s.eventName));
  if (unknownEvent)
    throw invalid(`steps: ${unknownEvent.eventName} is not an event of the app's ${source.type} source.`, ['steps']);
  return {
    name: def.name.trim(),
    steps: def.steps.map((s) => ({
      eventName: s.eventName,
      payout: Math.round(s.payout * 100) / 100,
      condition: s.condition ?? null,
      ...(s.explanation ? { explanation: s.explanation } : {}),
      ...(s.countryPayouts?.length
        ? { countryPayouts: s.countryPayouts.map(({ country, mode, value }) => ({ country, mode, value })) }
        : {}),
    })),
    countries: [...new Set(def.countries)],
    dailyCap: Math.round(def.dailyCap * 100) / 100,
  };
}

/** The fields of a quest definition the activity log compares (docs/activity.md). */
const QUEST_FIELDS = ['name', 'steps', 'countries', 'dailyCap'] as const;

/** A definition without its steps' payouts by country (those are compared country by country, below). */
const withoutCountryPayouts = (json: Record<string, unknown> | null) =>
  json && { ...json, steps: definitionOf(json).steps?.map(({ countryPayouts: _byCountry, ...step }) => step) };
/**
 * The changes between two versions of a quest: each field of QUEST_FIELDS (the steps without their payouts by
 * country), then one readable line per country payout added, removed or changed ("Step 2 payout in DE").
 */
export const questChanges = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => [
  ...changesOf(withoutCountryPayouts(before), withoutCountryPayouts(after), QUEST_FIELDS),
  ...countryPayoutChanges(before ? definitionOf(before).steps : [], after ? definitionOf(after).steps : []),
];
const appWorkspaceOf = async (tx: ServerContext, appId: string) =>
  (await tx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow())
    .workspace_id;

/** `quest.draft_saved`: the draft before (else the active version, else nothing) → the saved draft. */
async function emitDraftSaved(
  tx: ServerContext,
  appId: string,
  questId: string,
  before: Record<string, unknown> | null,
  after: QuestDefinition,
) {
  await emit(tx, 'quest.draft_saved', {
    workspaceId: await appWorkspaceOf(tx, appId),
    appId,
    questId,
    questName: after.name,
    changes: questChanges(before, after),
  });
}

export async function createQuest(ctx: ServerContext, appId: string, def: QuestDefinition): Promise<Quest> {
  const checked = await checkDefinition(ctx, appId, def);
  const id = newId();
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .insertInto('quests')
      .values({ id, app_id: appId, status: 'DRAFT', active: null, draft: JSON.stringify(checked) })
      .execute();
    await emitDraftSaved(tx, appId, id, null, checked);
  });
  return (await getQuest(ctx, appId, id)).quest;
}

export async function saveDraft(
  ctx: ServerContext,
  appId: string,
  questId: string,
  def: QuestDefinition,
): Promise<Quest> {
  const checked = await checkDefinition(ctx, appId, def);
  await inTransaction(ctx, async (tx) => {
    const row = await questRow(tx, appId, questId, true);
    await tx.db
      .updateTable('quests')
      .set({ draft: JSON.stringify(checked), updated_at: tx.now() })
      .where('id', '=', questId)
      .execute();
    await emitDraftSaved(tx, appId, questId, row.draft ?? row.active, checked);
  });
  return (await getQuest(ctx, appId, questId)).quest;
}

/** The pre-publish check: each step whose event was not received in the last 48 hours, in words. */
export async function prePublishProblems(ctx: ServerContext, appId: string, def: QuestDefinition): Promise<string[]> {
  const source = await acquireSource(ctx, appId);
  if (!source) return [NO_ATTRIBUTION_SOURCE];
  const seen = new Map((await sourceEvents(ctx, appId, source)).map((e) => [e.eventName, e.lastReceivedAt]));
  const since = ctx.now().getTime() - PREPUBLISH_WINDOW_MS;
  return def.steps.flatMap((step, i) => {
    const at = seen.get(step.eventName) ?? null;
    return at !== null && at >= since
      ? []
      : [`Step ${i + 1} (${step.eventName}): no event received from ${source.type} in the last 48 hours.`];
  });
}

const PREPUBLISH_BLOCKED = 'prepublish_blocked';

export async function publishQuest(ctx: ServerContext, appId: string, questId: string): Promise<string> {
  return afterwardForget(
    ctx,
    appId,
    inTransaction(ctx, async (tx) => {
      const row = await questRow(tx, appId, questId, true);
      if (!row.draft) throw conflict('This quest has no changes to publish.', 'nothing_to_publish');
      const def = definitionOf(row.draft);
      const problems = await prePublishProblems(tx, appId, def);
      if (problems.length > 0)
        throw conflict(`${def.name} cannot be published yet. ${problems.join(' ')}`, PREPUBLISH_BLOCKED);
      await tx.db
        .updateTable('quests')
        .set({
          active: JSON.stringify(def),
          draft: null,
          status: row.status === 'DRAFT' ? 'LIVE' : row.status,
          published_at: tx.now(),
          updated_at: tx.now(),
        })
        .where('id', '=', questId)
        .execute();
      const app = await tx.db
        .selectFrom('apps')
        .select('workspace_id')
        .where('id', '=', appId)
        .executeTakeFirstOrThrow();
      await emit(tx, 'quest.published', {
        workspaceId: app.workspace_id,
        appId,
        questId,
        questName: def.name,
        changes: [
          ...changesOf({ status: row.status }, { status: row.status === 'DRAFT' ? 'LIVE' : row.status }),
          ...questChanges(row.active, def),
        ],
      });
      return `${def.name} published.`;
    }),
  );
}

/** Once a quest may have gone live (the transaction committed), this server's live-quest cache forgets the app. */
async function afterwardForget<T>(ctx: ServerContext, appId: string, work: Promise<T>): Promise<T> {
  const result = await work;
  forgetLiveQuests(ctx, appId);
  return result;
}

/** Drops the draft (`quest.draft_discarded`: the draft's fields → the active version's); a quest with no version left is removed. */
async function dropDraft(tx: ServerContext, row: QuestRow) {
  if (row.active)
    await tx.db.updateTable('quests').set({ draft: null, updated_at: tx.now() }).where('id', '=', row.id).execute();
  else await tx.db.deleteFrom('quests').where('id', '=', row.id).execute();
  const draft = definitionOf(row.draft!);
  const changes = questChanges(row.draft, row.active);
  await emit(tx, 'quest.draft_discarded', {
    workspaceId: await appWorkspaceOf(tx, row.app_id),
    appId: row.app_id,
    questId: row.id,
    questName: draft.name,
    changes: changes.length ? changes : [{ field: 'draft', before: 'saved', after: null }],
  });
}

export async function discardQuest(ctx: ServerContext, appId: string, questId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await questRow(tx, appId, questId, true);
    if (!row.draft) throw conflict('This quest has no changes to discard.', 'nothing_to_discard');
    await dropDraft(tx, row);
    return `Changes to ${definitionOf(row.draft).name} discarded.`;
  });
}

async function shownStatus(tx: ServerContext, row: QuestRow): Promise<QuestStatus> {
  if (!row.active) return 'DRAFT';
  return activeStatus(row, (await today(tx, [row.id])).get(row.id));
}

export async function stopQuest(ctx: ServerContext, appId: string, questId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await questRow(tx, appId, questId, true);
    const status = await shownStatus(tx, row);
    if (!questStatusRule(status).canStop)
      throw conflict(`A quest in status ${status} cannot be stopped.`, 'not_stoppable');
    await tx.db
      .updateTable('quests')
      .set({ status: 'STOPPED', updated_at: tx.now() })
      .where('id', '=', questId)
      .execute();
    const name = definitionOf(row.active!).name;
    await emit(tx, 'quest.stopped', {
      workspaceId: await appWorkspaceOf(tx, appId),
      appId,
      questId,
      questName: name,
      changes: changesOf({ status }, { status: 'STOPPED' }),
    });
    return `${name} stopped.`;
  });
}

export async function restartQuest(ctx: ServerContext, appId: string, questId: string): Promise<string> {
  return afterwardForget(
    ctx,
    appId,
    inTransaction(ctx, async (tx) => {
      const row = await questRow(tx, appId, questId, true);
      const status = await shownStatus(tx, row);
      if (!questStatusRule(status).canRestart)
        throw conflict(`A quest in status ${status} cannot be restarted.`, 'not_restartable');
      await tx.db
        .updateTable('quests')
        .set({ status: 'LIVE', updated_at: tx.now() })
        .where('id', '=', questId)
        .execute();
      const name = definitionOf(row.active!).name;
      await emit(tx, 'quest.restarted', {
        workspaceId: await appWorkspaceOf(tx, appId),
        appId,
        questId,
        questName: name,
        changes: changesOf({ status }, { status: 'LIVE' }),
      });
      return `${name} restarted.`;
    }),
  );
}

export async function deleteActive(ctx: ServerContext, appId: string, questId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await questRow(tx, appId, questId, true);
    if (!row.active) throw conflict('This quest has no active version.', 'no_active_version');
    const status = await shownStatus(tx, row);
    if (questStatusRule(status).canStop) throw conflict('Stop the quest before deleting it.', 'stop_first');
    if (row.draft)
      await tx.db
        .updateTable('quests')
        .set({ active: null, status: 'DRAFT', updated_at: tx.now() })
        .where('id', '=', questId)
        .execute();
    else await tx.db.deleteFrom('quests').where('id', '=', questId).execute();
    const name = definitionOf(row.active).name;
    await emit(tx, 'quest.deleted', {
      workspaceId: await appWorkspaceOf(tx, appId),
      appId,
      questId,
      questName: name,
      changes: [
        { field: 'status', before: status, after: row.draft ? 'DRAFT' : null },
        { field: 'active version', before: 'published', after: null },
      ],
    });
    return `${name} deleted.`;
  });
}

export async function deleteDraft(ctx: ServerContext, appId: string, questId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await questRow(tx, appId, questId, true);
    if (!row.draft) throw conflict('This quest has no draft.', 'no_draft');
    await dropDraft(tx, row);
    return `Draft of ${definitionOf(row.draft).name} deleted.`;
  });
}

/** Publish all / discard all: each quest with a draft on its own; the answer lists which succeeded and failed. */
async function bulk(
  ctx: ServerContext,
  appId: string,
  verb: 'publish' | 'discard',
  each: (questId: string) => Promise<unknown>,
  only?: readonly string[],
): Promise<BulkQuestResult> {
  const rows = await ctx.db
    .selectFrom('quests')
    .select(['id', 'draft'])
    .where('app_id', '=', appId)
    .where('draft', 'is not', null)
    .$if(only !== undefined, (q) => (only!.length === 0 ? q.where(sql<boolean>`false`) : q.where('id', 'in', only!)))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const succeeded: string[] = [];
  const failed: string[] = [];
  const reasons: string[] = [];
  for (const row of rows) {
    try {
      await each(row.id);
      succeeded.push(row.id);
    } catch (error) {
      failed.push(row.id);
      reasons.push(`${definitionOf(row.draft!).name}${error instanceof Error ? ` (${error.message})` : ''}`);
    }
  }
  if (rows.length === 0) return { success: true, succeeded, failed, message: `No quests to ${verb}.` };
  if (failed.length === 0)
    return {
      success: true,
      succeeded,
      failed,
      message: `${succeeded.length} quest${succeeded.length === 1 ? '' : 's'} ${verb === 'publish' ? 'published' : 'discarded'}.`,
    };
  const message = `${failed.length} of ${rows.length} quests failed to ${verb}: ${reasons.join('; ')}`;
  return { success: succeeded.length > 0, succeeded, failed, message };
}

export const publishAll = (ctx: ServerContext, appId: string) =>
  bulk(ctx, appId, 'publish', (id) => publishQuest(ctx, appId, id));
/** Discards the named quests that still have a draft (the ones Discard all asked about; DiscardAllRequest). */
export const discardAll = (ctx: ServerContext, appId: string, questIds: readonly string[]) =>
  bulk(ctx, appId, 'discard', (id) => discardQuest(ctx, appId, id), questIds);

// ------------------------------------------------------------------------------------------------ settings draft

export async function loadSettings(ctx: ServerContext, appId: string): Promise<AcquisitionSettingsDraft | null> {
  const row = await ctx.db.selectFrom('acquire_settings').selectAll().where('app_id', '=', appId).executeTakeFirst();
  if (!row) return null;
  return {
    countries: readJson(JsonTextList, 'acquisition_settings.countries', row.countries),
    dailyBudget: Number(row.daily_budget),
    targetKpi: row.target_kpi as AcquisitionSettingsDraft['targetKpi'],
    targetKpiValue: Number(row.target_kpi_value),
    analysisPeriod: Number(row.analysis_period),
  };
}

export const STAFF_ONLY_TARGET = 'Only Questboard staff can change the target KPI and its value.';

/**
 * Saves the settings draft (the Target form's own rules, acquire-rules.ts; countries from the account's
 * supportedCountries). The KPI and its target value keep their stored (or default) values unless the caller is
 * Questboard staff (accounts.is_tp_user). With applyPriceSuggestions, suggested draft quests are created or updated
 * from the app's analytics.
 */
export async function saveSettings(
  ctx: ServerContext,
  appId: string,
  caller: { accountId: string; isTpUser: boolean },
  request: SaveAcquisitionSettingsRequest,
): Promise<string> {
  const settings = request.settings;
  const errors = validateAcquireTarget(settings);
  const first = Object.entries(errors)[0];
  if (first) throw invalid(`${first[0]} ${first[1]}.`, Object.keys(errors));
  if (!TARGET_KPIS.includes(settings.targetKpi))
    throw invalid('targetKpi must be one of the listed KPIs.', ['targetKpi']);
  const unknown = settings.countries.find((c) => !SUPPORTED_COUNTRIES.includes(c));
  if (unknown) throw invalid(`countries: ${unknown} is not a supported country.`, ['countries']);
  const source = await requireSource(ctx, appId);
  await inTransaction(ctx, async (tx) => {
    const before = await loadSettings(tx, appId);
    const stored = before ?? { targetKpi: 'roas_d7', targetKpiValue: 5 };
    if (
      !caller.isTpUser &&
      (stored.targetKpi !== settings.targetKpi || stored.targetKpiValue !== settings.targetKpiValue)
    ) {
      throw forbidden(STAFF_ONLY_TARGET, 'staff_only');
    }
    const values = {
      countries: writeJson(JsonTextList, [...new Set(settings.countries)]),
      daily_budget: settings.dailyBudget,
      target_kpi: settings.targetKpi,
      target_kpi_value: settings.targetKpiValue,
      analysis_period: settings.analysisPeriod,
      updated_by: caller.accountId,
      updated_at: tx.now(),
    };
    await tx.db
      .insertInto('acquire_settings')
      .values({ app_id: appId, ...values })
      .onConflict((oc) => oc.column('app_id').doUpdateSet(values))
      .execute();
    const after = { ...settings, countries: [...new Set(settings.countries)] };
    const changes = changesOf(before, after, [
      'countries',
      'dailyBudget',
      'targetKpi',
      'targetKpiValue',
      'analysisPeriod',
    ]);
    if (changes.length)
      await emit(tx, 'target.changed', { workspaceId: await appWorkspaceOf(tx, appId), appId, changes });
  });
  if (!request.applyPriceSuggestions) return 'Settings saved.';
  const count = await applySuggestions(ctx, appId, settings, source);
  return count === 0
    ? "Settings saved. No quests could be suggested from this app's data yet."
    : `Settings saved. ${count} suggested quest${count === 1 ? '' : 's'} updated.`;
}

/** Creates or rewrites the drafts of suggested quests (ones marked `suggested`), one per suggestion. */
async function applySuggestions(
  ctx: ServerContext,
  appId: string,
  settings: AcquisitionSettingsDraft,
  source: AcquireSource,
): Promise<number> {
  const events = await sourceEvents(ctx, appId, source);
  const suggestions = await suggestQuests(
    ctx,
    appId,
    settings,
    events.map((e) => e.eventName),
  );
  await inTransaction(ctx, async (tx) => {
    const existing = await tx.db
      .selectFrom('quests')
      .select(['id', 'draft', 'active'])
      .where('app_id', '=', appId)
      .where('suggested', '=', true)
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const [i, def] of suggestions.entries()) {
      const row = existing[i];
      if (row)
        await tx.db
          .updateTable('quests')
          .set({ draft: JSON.stringify(def), updated_at: tx.now() })
          .where('id', '=', row.id)
          .execute();
      else
        await tx.db
          .insertInto('quests')
          .values({
            id: newId(),
            app_id: appId,
            status: 'DRAFT',
            active: null,
            draft: JSON.stringify(def),
            suggested: true,
          })
          .execute();
    }
  });
  return suggestions.length;
}

// ------------------------------------------------------------------------------------------------ progress from rows

/** s2s: a view or start from the player app, authenticated with the app's active s2s API key; a replay counts once. */
export async function recordPlayerEvent(
  ctx: ServerContext,
  appId: string,
  key: string | undefined,
  event: PlayerQuestEvent,
): Promise<'recorded' | 'duplicate'> {
  if (!key || !(await verifyApiKey(ctx, appId, key, 's2s')))
    throw unauthenticated('A valid s2s API key of this app is required.', 'invalid_api_key');
  const quest = await ctx.db
    .selectFrom('quests')
    .select(['id', 'status', 'active'])
    .where('id', '=', event.questId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!quest || !quest.active) throw notFound('Quest');
  if (quest.status !== 'LIVE') throw conflict('This quest is not live.', 'quest_not_live');
  const at = ctx.now();
  const inserted = await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insertInto('quest_player_events')
      .values({
        app_id: appId,
        event_id: event.eventId,
        quest_id: event.questId,
        player_id: event.playerId,
        kind: event.kind,
        at,
        country: event.country ? event.country.toUpperCase() : null,
      })
      .onConflict((oc) => oc.columns(['app_id', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    // The first start makes the player's returns row (docs/acquire.md §Returns per quest).
    if (row && event.kind === 'start') await recordQuestStart(tx, { ...event, appId, at });
    return row;
  });
  return inserted ? 'recorded' : 'duplicate';
}

export interface StepCompletion {
  appId: string;
  questId: string;
  playerId: string;
  eventName: string;
  at: Date;
  /** The postback's event parameters (for a step's condition). */
  params?: Record<string, string>;
  /** What the fraud rules compare (docs/acquire.md §Fraud holds); absent: the rules that need it do not apply. */
  postbackId?: string | null;
  deviceId?: string | null;
  clientAddress?: string | null;
  mediaSource?: string | null;
  eventTime?: Date | null;
}
export type StepOutcome = 'charged' | 'over_cap' | 'held' | 'ignored';

function conditionHolds(step: QuestStep, params: Record<string, string> | undefined): boolean {
  const c = step.condition;
  if (!c) return true;
  const actual = params?.[c.param];
  if (actual === undefined) return false;
  const [a, b] = [Number(actual), Number(c.value)];
  const numeric = Number.isFinite(a) && Number.isFinite(b) && actual.trim() !== '' && c.value.trim() !== '';
  switch (c.op) {
    case 'eq':
      return numeric ? a === b : actual === c.value;
    case 'neq':
      return numeric ? a !== b : actual !== c.value;
    case 'gte':
      return numeric && a >= b;
    case 'lte':
      return numeric && a <= b;
  }
}

/**
 * One attribution postback for a quest (sub3 = quest id, sub1 = player id): when it is the player's next step of a
 * live quest they started, the step is completed once (primary key) and announced as `quest.step_completed`, with a
 * charge id while today's completions of the quest stay within its daily cap (Billing records that charge: the
 * reaction in server/areas.ts). Call it inside the postback's transaction; the quest row is locked, so concurrent
 * completions cannot overspend the cap. The first refusal of a day, or the step that reaches the cap, announces
 * `quest.capped`. A completion that breaks a fraud rule is held instead (docs/acquire.md §Fraud holds): stored with
 * its reason and evidence, not charged, not counted in spend, cap or step counts until an editor releases it.
 */
export async function recordStepCompletion(ctx: ServerContext, completion: StepCompletion): Promise<StepOutcome> {
  const run = async (tx: ServerContext): Promise<StepOutcome> => {
    const quest = await tx.db
      .selectFrom('quests')
      .innerJoin('apps', 'apps.id', 'quests.app_id')
      .select(['quests.id', 'quests.status', 'quests.active', 'quests.published_at', 'apps.workspace_id'])
      .where('quests.id', '=', completion.questId)
      .where('quests.app_id', '=', completion.appId)
      .forUpdate()
      .executeTakeFirst();
    if (!quest || !quest.active || quest.status !== 'LIVE') return 'ignored';
    // The player's first start, with the country the player app sent (docs/acquire.md §Payouts by country).
    const started = await tx.db
      .selectFrom('quest_player_events')
      .select(['event_id', 'country', 'at'])
      .where('quest_id', '=', quest.id)
      .where('player_id', '=', completion.playerId)
      .where('kind', '=', 'start')
      .orderBy('at')
      .limit(1)
      .executeTakeFirst();
    if (!started) return 'ignored';
    const def = definitionOf(quest.active);
    // The player's completed steps and the holds not released (a held step is not done again).
    const done = await tx.db
      .selectFrom('quest_step_completions')
      .select(['step_index', 'event_name', 'event_time', 'postback_id', sql<string | null>`NULL`.as('hold_status')])
      .where('quest_id', '=', quest.id)
      .where('player_id', '=', completion.playerId)
      .unionAll(
        tx.db
          .selectFrom('quest_completion_holds')
          .select([
            'step_index',
            'event_name',
            'event_time',
            'postback_id',
            sql<string | null>`status`.as('hold_status'),
          ])
          .where('quest_id', '=', quest.id)
          .where('player_id', '=', completion.playerId)
          .where('status', '<>', 'released'),
      )
      .execute();
    const next = def.steps.findIndex((_, i) => !done.some((d) => d.step_index === i));
    const step = def.steps[next];
    if (next < 0 || !step || step.eventName !== completion.eventName || !conditionHolds(step, completion.params))
      return 'ignored';
    // The player's country's payout when the step lists it, else the step's own: what is charged and counted to the cap.
    const payout = stepPayoutFor(step, started.country);
    const payoutCents = payout.cents;
    const ids = { workspaceId: quest.workspace_id, appId: completion.appId, questId: quest.id, questName: def.name };
    const verdict = await judgeCompletion(tx, {
      appId: completion.appId,
      questId: quest.id,
      playerId: completion.playerId,
      stepIndex: next,
      eventName: step.eventName,
      at: completion.at,
      startedAt: new Date(started.at),
      deviceId: completion.deviceId ?? null,
      clientAddress: completion.clientAddress ?? null,
      mediaSource: completion.mediaSource ?? null,
      eventTime: completion.eventTime ?? null,
      postbackId: completion.postbackId ?? null,
      earlier: done.map((d) => ({
        stepIndex: d.step_index,
        eventName: d.event_name,
        eventTime: d.event_time ? new Date(d.event_time) : null,
        postbackId: d.postback_id,
        holdStatus: d.hold_status,
      })),
    });
    if (verdict) {
      const held = await holdCompletion(tx, ids, {
        playerId: completion.playerId,
        stepIndex: next,
        eventName: step.eventName,
        payoutCents,
        country: payout.country,
        completedAt: completion.at,
        eventTime: completion.eventTime ?? null,
        postbackId: completion.postbackId ?? null,
        ...verdict,
      });
      return held ? 'held' : 'ignored';
    }
    const capCents = Math.round(def.dailyCap * 100);
    const day = (await today(tx, [quest.id])).get(quest.id) ?? { cents: 0, refused: false };
    const withinCap = day.cents + payoutCents <= capCents;
    const chargeId = withinCap ? `ch_q_${newId()}` : null;
    const inserted = await tx.db
      .insertInto('quest_step_completions')
      .values({
        quest_id: quest.id,
        player_id: completion.playerId,
        step_index: next,
        event_name: step.eventName,
        payout_cents: payoutCents,
        charge_id: chargeId,
        completed_at: completion.at,
        country: payout.country,
        event_time: completion.eventTime ?? null,
        postback_id: completion.postbackId ?? null,
      })
      .onConflict((oc) => oc.columns(['quest_id', 'player_id', 'step_index']).doNothing())
      .returning('step_index')
      .executeTakeFirst();
    if (!inserted) return 'ignored';
    await addToSpendHour(tx, quest.id, completion.at, payoutCents, withinCap);
    await countStep(tx, quest.id, next);
    await emit(tx, 'quest.step_completed', {
      ...ids,
      playerId: completion.playerId,
      stepIndex: next,
      eventName: step.eventName,
      payoutCents,
      chargeId,
      completedAt: completion.at.toISOString(),
    });
    // Once a day: the step that reaches the cap, or the first refusal before it was reached (a smaller step that
    // still fits after a refusal does not announce it again).
    const capReached = !day.refused && day.cents < capCents && (withinCap ? day.cents + payoutCents >= capCents : true);
    if (capReached) await emit(tx, 'quest.capped', { ...ids, day: completion.at.toISOString().slice(0, 10) });
    else if (withinCap)
      await announcePace(tx, { ...ids, publishedAt: quest.published_at, before: day.cents, payoutCents, capCents });
    return withinCap ? 'charged' : 'over_cap';
  };
  return ctx.db.isTransaction ? run(ctx) : inTransaction(ctx, run);
}

/** A postback's event parameters: AppsFlyer's event_value is a JSON object; anything else is `{ value }`. */
export function postbackParams(value: string | null): Record<string, string> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>)
          .filter(([, v]) => v !== null && typeof v !== 'object')
          .map(([k, v]) => [k, String(v)]),
      );
    }
  } catch {
    // not JSON: a plain value
  }
  return { value };
}

/**
 * Acquire's reaction to `postback.stored`, in the postback's transaction (server/areas.ts): a postback carrying
 * sub3 = quest id and sub1 = player id may complete a quest step.
 */
export async function countQuestStep(tx: ServerContext, event: DomainEvent<'postback.stored'>): Promise<void> {
  const postback = event.payload;
  if (!postback.sub3 || !postback.sub1) return;
  await recordStepCompletion(tx, {
    appId: postback.appId,
    questId: postback.sub3,
    playerId: postback.sub1,
    eventName: postback.eventName,
    at: new Date(postback.receivedAt),
    params: postbackParams(postback.value),
    postbackId: postback.postbackId,
    deviceId: postback.advertisingId ?? null,
    clientAddress: postback.clientAddress ?? null,
    mediaSource: postback.mediaSource ?? null,
    eventTime: postback.eventTime ? new Date(postback.eventTime) : null,
  });
}
/**
 * The app's live quest ids, reused for LIVE_QUESTS_CACHE_MS per server (a burst of postbacks then asks once). The
 * listener checks the quest again inside its transaction, so a quest stopped meanwhile never counts; one published or
 * restarted on this server is seen at once (forgetLiveQuests), on another server at most this much later.
 */
export const LIVE_QUESTS_CACHE_MS = 2_000;
const liveQuests = shortCache<Set<string>>(LIVE_QUESTS_CACHE_MS);
function forgetLiveQuests(ctx: ServerContext, appId: string) {
  liveQuests.forget(ctx, (key) => key === appId);
}
function liveQuestIds(ctx: ServerContext, appId: string): Promise<Set<string>> {
  return liveQuests.get(
    ctx,
    appId,
    async () =>
      new Set(
        (
          await ctx.db
            .selectFrom('quests')
            .select('id')
            .where('app_id', '=', appId)
            .where('status', '=', 'LIVE')
            .execute()
        ).map((row) => row.id),
      ),
  );
}
/** Only a postback naming a live quest of its app (and a player) can count: others skip the postback's transaction. */
export async function namesLiveQuest(ctx: ServerContext, subject: unknown): Promise<boolean> {
  const { appId, postback } = subject as PostbackSubject;
  if (!postback.sub3 || !postback.sub1) return false;
  return (await liveQuestIds(ctx, appId)).has(postback.sub3);
}
