/**
 * The event outbox (docs/architecture.md §Domain events). Shared infrastructure: it knows the event catalogue
 * (src/contracts/domain-events.ts) and the reactions handed to it by the context, never an area.
 *
 *   emit(tx, name, payload)      — inside the change's transaction: the event row, one delivery row per after-commit
 *                                  subscriber, and the in-transaction subscribers run right there
 *   eventBus(reactions, log)     — what buildApp puts on the context: after a commit, inTransaction hands the new
 *                                  events to deliverEvents at once
 *   deliverNext / deliverPendingEvents — claim one due delivery (FOR UPDATE SKIP LOCKED, so several servers share
 *                                  the outbox), run its subscriber in a transaction that also marks it delivered:
 *                                  exactly once per subscriber and event, and a crash before the commit leaves it due
 *   startEventDispatcher         — polls in the background (server/main.ts): what a killed server committed but did
 *                                  not deliver is delivered after the restart; failures are retried with backoff
 */
import { sql } from 'kysely';
import type { EventBus, Reaction, ServerContext } from '../context';
import {
  DOMAIN_EVENTS,
  type DomainEvent,
  type DomainEventName,
  type DomainEventPayload,
} from '../../src/contracts/domain-events';

/** A failing subscriber is retried this many times (backoff doubling from RETRY_BASE_MS), then marked failed. */
export const MAX_ATTEMPTS = 8;
export const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 10 * 60_000;

const reactionsOf = (ctx: ServerContext) => ctx.events?.reactions ?? [];

/** Writes a domain event in the caller's transaction; its in-transaction subscribers run before this returns. */
export async function emit<N extends DomainEventName>(
  tx: ServerContext,
  name: N,
  payload: DomainEventPayload<N>,
): Promise<string> {
  if (!tx.db.isTransaction) throw new Error(`domain event ${name} emitted outside a transaction`);
  const spec = DOMAIN_EVENTS[name];
  const at = tx.now();
  const row = await tx.db
    .insertInto('domain_events')
    .values({
      name,
      area: spec.emittedBy,
      payload: JSON.stringify(spec.payload.encode(payload as never)),
      created_at: at,
      actor_id: tx.actor ?? null,
    })
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  const event: DomainEvent<N> = { id: row.id, name, payload, at, by: tx.actor ?? null };
  const mine = reactionsOf(tx).filter((reaction): reaction is Reaction<N> => reaction.event === name);
  const later = mine.filter((reaction) => reaction.mode === 'after-commit');
  if (later.length) {
    await tx.db
      .insertInto('domain_event_deliveries')
      .values(later.map((reaction) => ({ event_id: row.id, subscriber: reaction.name, next_attempt_at: at })))
      .execute();
    tx.emitted?.push(row.id);
  }
  for (const reaction of mine) if (reaction.mode === 'transaction') await reaction.handle(tx, event);
  return row.id;
}

interface DueDelivery {
  event_id: string;
  subscriber: string;
  attempts: number;
  name: string;
  payload: unknown;
  created_at: Date | string;
  actor_id: string | null;
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'none';

/**
 * Claims one due delivery (of `eventIds` when given) and runs its subscriber in the same transaction as its delivered
 * mark. A subscriber that throws leaves the delivery due again after a backoff, with its error kept (and logged).
 */
export async function deliverNext(
  ctx: ServerContext,
  eventIds?: readonly string[],
  log: (line: string) => void = () => {},
): Promise<DeliveryOutcome> {
  const now = ctx.now();
  let claimed: DueDelivery | null = null;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const only = eventIds ? sql`AND d.event_id IN (${sql.join(eventIds.map((id) => sql`${id}::bigint`))})` : sql``;
      const { rows } = await sql<DueDelivery>`
        SELECT d.event_id::text AS event_id, d.subscriber, d.attempts, e.name, e.payload, e.created_at, e.actor_id
        FROM domain_event_deliveries d JOIN domain_events e ON e.id = d.event_id
        WHERE d.delivered_at IS NULL AND d.failed_at IS NULL AND d.next_attempt_at <= ${now} ${only}
        ORDER BY d.event_id, d.subscriber
        LIMIT 1
        FOR UPDATE OF d SKIP LOCKED`.execute(trx);
      const due = rows[0];
      if (!due) return 'none';
      claimed = due;
      const reaction = reactionsOf(ctx).find((r) => r.name === due.subscriber && r.event === due.name);
      if (!reaction) throw new Error(`no subscriber ${due.subscriber} for ${due.name} on this server`);
      const decoded = DOMAIN_EVENTS[due.name as DomainEventName].payload.decode(due.payload);
      if (decoded._tag === 'Left')
        throw new Error(`event ${due.event_id} (${due.name}) has a payload its codec refuses`);
      const event: DomainEvent = {
        id: due.event_id,
        name: due.name as DomainEventName,
        payload: decoded.right,
        at: new Date(due.created_at),
        by: due.actor_id,
      };
      const emitted: string[] = [];
      await reaction.handle({ ...ctx, db: trx, emitted }, event as never);
      await trx
        .updateTable('domain_event_deliveries')
        .set({ delivered_at: ctx.now(), attempts: due.attempts + 1, last_error: null })
        .where('event_id', '=', due.event_id)
        .where('subscriber', '=', due.subscriber)
        .execute();
      return 'delivered';
    });
  } catch (error) {
    const failed = claimed as DueDelivery | null;
    if (!failed) throw error;
    const attempts = failed.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    const givenUp = attempts >= MAX_ATTEMPTS;
    await ctx.db
      .updateTable('domain_event_deliveries')
      .set({
        attempts,
        last_error: message.slice(0, 2000),
        next_attempt_at: new Date(now.getTime() + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1))),
        failed_at: givenUp ? now : null,
      })
      .where('event_id', '=', failed.event_id)
      .where('subscriber', '=', failed.subscriber)
      .execute();
    log(
      `[events] ${failed.subscriber} failed on ${failed.name} #${failed.event_id} (attempt ${attempts}${givenUp ? ', given up' : ''}): ${message}`,
    );
    return 'failed';
  }
}

/** Delivers every due delivery (of `eventIds` when given) until none is left; returns how many were delivered. */
export async function deliverPendingEvents(
  ctx: ServerContext,
  eventIds?: readonly string[],
  log?: (line: string) => void,
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const outcome = await deliverNext(ctx, eventIds, log);
    if (outcome === 'none') return delivered;
    if (outcome === 'delivered') delivered++;
  }
}

/**
 * The bus buildApp puts on the context. `deliverAfterCommit: false` leaves every event to the dispatcher (the
 * kill test stops a server in exactly that window).
 */
export function eventBus(
  reactions: readonly Reaction[],
  options: { log?: (line: string) => void; deliverAfterCommit?: boolean } = {},
): EventBus {
  const names = new Set<string>();
  for (const reaction of reactions) {
    const key = `${reaction.event}:${reaction.name}`;
    if (names.has(key)) throw new Error(`reaction ${key} is declared twice`);
    names.add(key);
  }
  const log = options.log ?? (() => {});
  return {
    reactions,
    async afterCommit(ctx, eventIds) {
      if (options.deliverAfterCommit === false) return;
      try {
        await deliverPendingEvents(ctx, eventIds, log);
      } catch (error) {
        // The change is committed; what did not reach its subscribers stays due for the dispatcher.
        log(`[events] delivery after commit failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/** Polls the outbox every `pollMs` until stopped; stop() waits for the delivery in hand. */
export function startEventDispatcher(
  ctx: ServerContext,
  options: { pollMs?: number; log?: (line: string) => void } = {},
) {
  const pollMs = options.pollMs ?? 1_000;
  const log = options.log ?? (() => {});
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = deliverPendingEvents(ctx, undefined, log)
      .then(() => undefined)
      .catch((error: unknown) => log(`[events] dispatcher: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
