/**
 * The domain event catalogue (docs/architecture.md §Domain events): what an area announces when something happened,
 * by name, with the codec of its payload and the area that emits it. An event is written to the event outbox in the
 * same transaction as the change (server/events/outbox.ts) and reaches the areas that react to it, as declared in
 * one table (server/areas.ts `reactions`). The activity log and the notifications read this catalogue.
 *
 * Pure: io-ts only. Payloads carry ids and the few facts a subscriber needs, never secrets.
 */
import * as t from 'io-ts';

const Id = t.string;

/** A quest step completed by a player (attribution postback or the player app); `chargeId` when within the cap. */
export const QuestStepCompleted = t.type({
  workspaceId: Id,
  appId: Id,
  questId: Id,
  questName: t.string,
  playerId: t.string,
  stepIndex: t.number,
  eventName: t.string,
  payoutCents: t.number,
  /** The id Billing records the charge under; null when the daily cap refused it (counted, not charged). */
  chargeId: t.union([Id, t.null]),
  completedAt: t.string,
});

/** A pending charge recorded on a workspace's bill. */
export const ChargeRecorded = t.type({
  workspaceId: Id,
  chargeId: Id,
  amountCents: t.number,
  source: t.string,
  description: t.string,
});

/** A quest published (its draft became the active version, live). */
export const QuestPublished = t.type({ workspaceId: Id, appId: Id, questId: Id, questName: t.string });

/** A quest that reached its daily cap today (the first refused step of the day). */
export const QuestCapped = t.type({ workspaceId: Id, appId: Id, questId: Id, questName: t.string, day: t.string });

const Text = t.union([t.string, t.null]);
/**
 * An attribution postback stored (once per idempotency key): its event and the partner's sub-parameters (sub3 = quest
 * id, sub1 = player id for quests), never the advertising id. A high-volume event: it is written only when a
 * reaction wants that postback (server/areas.ts `wants`); the others are stored by the group commit alone.
 */
export const PostbackStored = t.type({
  appId: Id,
  source: t.string,
  postbackId: Id,
  eventName: t.string,
  value: Text,
  revenue: t.union([t.number, t.null]),
  currency: Text,
  sub1: Text,
  sub2: Text,
  sub3: Text,
  sub4: Text,
  sub5: Text,
  receivedAt: t.string,
});

/**
 * Every event: its payload codec and the area that emits it. An event's name is `<entity>.<past tense>`; the
 * emitting area is the only one that writes it.
 */
export const DOMAIN_EVENTS = {
  'quest.step_completed': { payload: QuestStepCompleted, emittedBy: 'acquire' },
  'quest.published': { payload: QuestPublished, emittedBy: 'acquire' },
  'quest.capped': { payload: QuestCapped, emittedBy: 'acquire' },
  'charge.recorded': { payload: ChargeRecorded, emittedBy: 'billing' },
  'postback.stored': { payload: PostbackStored, emittedBy: 'postbacks' },
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = t.TypeOf<(typeof DOMAIN_EVENTS)[N]['payload']>;

/** One event as a subscriber receives it: its outbox id, name, payload and when it happened. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  payload: DomainEventPayload<N>;
  at: Date;
}

export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];
export const isDomainEventName = (name: string): name is DomainEventName => Object.prototype.hasOwnProperty.call(DOMAIN_EVENTS, name);
