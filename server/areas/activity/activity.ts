/**
 * The activity log (docs/activity.md): one row per domain event, written by a `transaction` reaction (server/areas.ts
 * `reactions`) inside the writer's own transaction, so a change cannot commit without its row (and a row that cannot be
 * written undoes the change). Read newest first with a (at, id) cursor, filtered by bound values only; pruned after
 * ACTIVITY_DAYS by a daily job.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { DOMAIN_EVENTS, type DomainEvent, type DomainEventName } from '../../../src/contracts/domain-events';
import {
  ACTIVITY_EXPORT_LIMIT,
  ACTIVITY_PAGE_SIZE,
  QUESTBOARD_ACTOR,
  QUESTBOARD_PERSON,
  ROUTINE_VERBS,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
} from '../../../src/contracts/activity';
import type { Role } from '../../../src/contracts/codecs';
import type { Database } from '../../db/schema';
import type { ServerContext } from '../../context';
import { invalid } from '../../errors';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor';
import type { JobHandlers } from '../../jobs/queue';
import { enqueueUnlessRecent } from '../../jobs/scheduler';
import { describeEvent } from './describe';

// ------------------------------------------------------------------------------------------------ writing

async function actorName(tx: ServerContext, accountId: string | null): Promise<string> {
  if (!accountId) return QUESTBOARD_ACTOR;
  const row = await tx.db
    .selectFrom('accounts')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return QUESTBOARD_ACTOR;
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

/** The reaction to every domain event: its activity row, in the emitter's transaction. */
export async function recordActivity(tx: ServerContext, event: DomainEvent): Promise<void> {
  const described = describeEvent(event.name as DomainEventName, event.payload as never);
  let workspaceId = described.workspaceId;
  if (!workspaceId && described.appId) {
    workspaceId =
      (await tx.db.selectFrom('apps').select('workspace_id').where('id', '=', described.appId).executeTakeFirst())
        ?.workspace_id ?? null;
  }
  // An app removed in the same breath leaves nothing to attach the row to: the change itself still commits.
  if (!workspaceId) return;
  await tx.db
    .insertInto('activity')
    .values({
      workspace_id: workspaceId,
      app_id: described.appId,
      at: event.at,
      actor_id: event.by,
      actor_name: await actorName(tx, event.by),
      area: areaOf(event.name as DomainEventName),
      verb: event.name,
      object_type: described.object.type,
      object_id: described.object.id,
      object_name: described.object.name,
      changes: JSON.stringify(described.changes),
      event_id: event.id,
    })
    .execute();
  await tx.db
    .insertInto('activity_names')
    .values({ workspace_id: workspaceId, name: described.object.name })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Only postbacks some other reaction wants become events (and so rows): activity alone never asks for one. */
export const activityWantsPostback = () => false;

const areaOf = (name: DomainEventName) => DOMAIN_EVENTS[name].emittedBy;

// ------------------------------------------------------------------------------------------------ reading

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

type ActivityQueryBuilder = SelectQueryBuilder<Database, 'activity', {}>;

/** The filters as bound values except the name search (docs/activity.md §Filters); billing entries only for admins. */
function filtered(ctx: ServerContext, workspaceId: string, role: Role, query: ActivityQuery): ActivityQueryBuilder {
  if (query.from && query.to && query.from > query.to)
    throw invalid('from must not be after to.', ['from', 'to'], 'invalid_range');
  let q = ctx.db.selectFrom('activity').where('workspace_id', '=', workspaceId);
  if (role !== 'admin') q = q.where('area', '<>', 'billing');
  if (query.app) q = q.where('app_id', '=', query.app);
  if (query.area) q = q.where('area', '=', query.area);
  if (query.person)
    q = query.person === QUESTBOARD_PERSON ? q.where('actor_id', 'is', null) : q.where('actor_id', '=', query.person);
  if (query.verb) q = q.where('verb', '=', query.verb);
  if (query.exceptVerb) q = q.where('verb', '<>', query.exceptVerb);
  if (query.routine === 'hide' && !query.verb) q = q.where('verb', 'not in', [...ROUTINE_VERBS]);
  if (query.from) q = q.where('at', '>=', dayStart(query.from));
  if (query.to) q = q.where('at', '<', nextDay(query.to));
  if (query.objectType) q = q.where('object_type', '=', query.objectType);
  if (query.objectId) q = q.where('object_id', '=', query.objectId);
  return q;
}

/** Past this many matching names the text is common, and the workspace's newest entries are walked with it instead. */
const NAME_CANDIDATES = 200;

/**
 * The filtered entries newest first, at most `limit`. A name search (ILIKE: the text's own %, _ and backslash match
 * themselves) looks up the matching distinct names first (activity_names, trigram-indexed), then asks for entries of
 * those names: PostgreSQL reads a few names' entries from (workspace_id, object_name, at, id) and walks the newest
 * entries for many, so a rare text never walks the whole log (docs/activity.md §Decisions).
 */
async function newest(ctx: ServerContext, workspaceId: string, q: ActivityQueryBuilder, text: string, limit: number) {
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const names = await ctx.db
      .selectFrom('activity_names')
      .select('name')
      .where('workspace_id', '=', workspaceId)
      .where('name', 'ilike', pattern)
      .limit(NAME_CANDIDATES + 1)
      .execute();
    if (names.length === 0) return [];
    q =
      names.length > NAME_CANDIDATES
        ? q.where('object_name', 'ilike', pattern)
        : q.where('object_name', '=', sql<string>`ANY(${names.map((n) => n.name)}::text[])`);
  }
  return q.select(COLUMNS).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

const toEntry = (row: {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string;
  area: string;
  verb: string;
  app_id: string | null;
  object_type: string;
  object_id: string;
  object_name: string;
  changes: ActivityEntry['changes'];
}): ActivityEntry => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  actor: { accountId: row.actor_id, name: row.actor_name },
  area: row.area,
  verb: row.verb,
  appId: row.app_id,
  object: { type: row.object_type, id: row.object_id, name: row.object_name },
  changes: row.changes,
});

const COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'area',
  'verb',
  'app_id',
  'object_type',
  'object_id',
  'object_name',
  'changes',
] as const;

/** One page (50 entries), newest first; `nextCursor` continues after its last entry (null: no more). */
export async function listActivity(
  ctx: ServerContext,
  workspaceId: string,
  role: Role,
  query: ActivityQuery,
): Promise<ActivityPage> {
  let q = filtered(ctx, workspaceId, role, query);
  if (query.cursor) {
    const cursor = decodeTimeCursor(query.cursor);
    q = q.where(sql<boolean>`(at, id) < (${new Date(cursor.at)}::timestamptz, ${cursor.id}::bigint)`);
  }
  const rows = await newest(ctx, workspaceId, q, query.q?.trim() ?? '', ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE).map(toEntry);
  const last = page[page.length - 1];
  return {
    success: true,
    entries: page,
    nextCursor: rows.length > ACTIVITY_PAGE_SIZE && last ? encodeTimeCursor({ at: last.at, id: last.id }) : null,
  };
}

/**
 * One object's newest entries made by people (Questboard's own are left out: the object's page says those itself),
 * newest first: for the pages that show an object's history next to their own updates (a plugin's Latest Updates).
 */
export async function peopleActivityAbout(
  ctx: ServerContext,
  workspaceId: string,
  object: { type: string; id: string },
  limit: number,
): Promise<Array<ActivityEntry & { xact: string | null }>> {
  const rows = await ctx.db
    .selectFrom('activity')
    .select([...COLUMNS, sql<string | null>`xact::text`.as('xact')])
    .where('workspace_id', '=', workspaceId)
    .where('object_type', '=', object.type)
    .where('object_id', '=', object.id)
    .where('actor_id', 'is not', null)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toEntry(row), xact: row.xact }));
}

/**
 * Who invited each address into the workspace, and when (its latest `member.invited` entry), by lower-cased
 * address: the team list's "Invited by … on …". The name is kept as it was when they invited.
 */
export async function invitationsOf(
  ctx: ServerContext,
  workspaceId: string,
): Promise<Map<string, { by: string; at: Date }>> {
  const rows = await ctx.db
    .selectFrom('activity')
    .select(['object_name', 'actor_name', 'at'])
    .where('workspace_id', '=', workspaceId)
    .where('verb', '=', 'member.invited')
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return new Map(rows.map((row) => [row.object_name.toLowerCase(), { by: row.actor_name, at: new Date(row.at) }]));
}

/** Every entry the filters match, newest first, up to ACTIVITY_EXPORT_LIMIT (the SPA writes the CSV). */
export async function exportActivity(
  ctx: ServerContext,
  workspaceId: string,
  role: Role,
  query: ActivityQuery,
): Promise<ActivityPage> {
  const q = filtered(ctx, workspaceId, role, query);
  const rows = await newest(ctx, workspaceId, q, query.q?.trim() ?? '', ACTIVITY_EXPORT_LIMIT);
  return { success: true, entries: rows.map(toEntry), nextCursor: null };
}

// ------------------------------------------------------------------------------------------------ retention

export const ACTIVITY_PRUNE_JOB = 'activity.prune';
/** Rows deleted per statement, so a first prune of a large log never holds one huge transaction. */
const PRUNE_BATCH = 10_000;

/** Deletes the entries older than ACTIVITY_DAYS; answers how many. Idempotent: two runs at once delete each row once. */
export async function pruneActivity(ctx: ServerContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.activityDays * 86_400_000);
  let total = 0;
  for (;;) {
    const result = await sql<{ n: number }>`
      WITH doomed AS (SELECT id FROM activity WHERE at < ${cutoff} LIMIT ${PRUNE_BATCH})
      DELETE FROM activity WHERE id IN (SELECT id FROM doomed)`.execute(ctx.db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < PRUNE_BATCH) break;
  }
  // The names no entry carries any more leave the name search's list.
  if (total > 0)
    await sql`
      DELETE FROM activity_names n WHERE NOT EXISTS (
        SELECT 1 FROM activity a WHERE a.workspace_id = n.workspace_id AND a.object_name = n.name)`.execute(ctx.db);
  return total;
}

/**
 * The scheduler's task (server/jobs/scheduler.ts): once per UTC day, a prune job. Several servers ticking at once
 * take turns on an advisory lock and see the job the first one enqueued today.
 */
export const scheduleActivityPruning = (ctx: ServerContext): Promise<string[]> =>
  enqueueUnlessRecent(ctx, ACTIVITY_PRUNE_JOB, new Date(`${ctx.now().toISOString().slice(0, 10)}T00:00:00.000Z`));

/** The prune job's handler. */
export const activityJobs: JobHandlers = {
  handlers: {
    async [ACTIVITY_PRUNE_JOB](ctx) {
      const deleted = await pruneActivity(ctx);
      return `${deleted} activity entr${deleted === 1 ? 'y' : 'ies'} older than ${ctx.config.activityDays} days removed.`;
    },
  },
};
