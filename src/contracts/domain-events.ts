/**
 * The domain event catalogue (docs/architecture.md §Domain events): what an area announces when something happened,
 * by name, with the codec of its payload and the area that emits it. An event is written to the event outbox in the
 * same transaction as the change (server/events/outbox.ts) and reaches the areas that react to it, as declared in
 * one table (server/areas.ts `reactions`). The activity log and the notifications read this catalogue.
 *
 * Pure: io-ts only. Payloads carry ids and the few facts a subscriber needs, never secrets.
 */
import * as t from 'io-ts';
import stableStringify from 'safe-stable-stringify';

const Id = t.string;

/**
 * One field of a change, before → after, as the emitting area saw it (docs/activity.md §What a row holds). Values are
 * scalars; a list or an object is written as its JSON text, object keys sorted. `null` before means the field did not exist yet (a
 * creation), `null` after that it no longer exists (a removal). Secrets never travel here: the emitter leaves them
 * out, and the activity log masks any value under a secret-sounding field name again (src/contracts/secrets.ts).
 */
export const FieldChange = t.type({
  field: t.string,
  before: t.union([t.string, t.number, t.boolean, t.null]),
  after: t.union([t.string, t.number, t.boolean, t.null]),
});
export type FieldChange = t.TypeOf<typeof FieldChange>;
export const FieldChanges = t.array(FieldChange);
type Scalar = FieldChange['before'];

const scalar = (value: unknown): Scalar =>
  value === undefined || value === null
    ? null
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : // Keys sorted: a version read back from jsonb has its keys in another order and is still the same value.
        (stableStringify(value) ?? null);

/**
 * The fields that differ between two versions of an object (`before` null: created; `after` null: removed), in the
 * order of `fields` (default: every key of either side). Lists and objects compare by their JSON text with keys sorted.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: readonly string[],
): FieldChange[] {
  const keys = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: FieldChange[] = [];
  for (const field of keys) {
    const b = before ? scalar(before[field]) : null;
    const a = after ? scalar(after[field]) : null;
    if (b !== a) out.push({ field, before: b, after: a });
  }
  return out;
}

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

/** A quest published (its draft became the active version, live); `changes`: the active version before → after. */
export const QuestPublished = t.intersection([
  t.type({ workspaceId: Id, appId: Id, questId: Id, questName: t.string }),
  t.partial({ changes: FieldChanges }),
]);

/** A quest's draft saved (created or edited): the draft before (or the active version) → after. */
export const QuestDraftSaved = t.type({
  workspaceId: Id,
  appId: Id,
  questId: Id,
  questName: t.string,
  changes: FieldChanges,
});
/** A live quest stopped, or a stopped one restarted, by a person: its status before → after. */
export const QuestStatusChanged = t.type({
  workspaceId: Id,
  appId: Id,
  questId: Id,
  questName: t.string,
  changes: FieldChanges,
});
/** Acquire's target settings saved (countries, daily budget, target KPI and value, analysis period): before → after. */
export const TargetChanged = t.type({ workspaceId: Id, appId: Id, changes: FieldChanges });

/**
 * A plugin connected or disconnected (its status before → after), created, updated (its connection, schedule,
 * partner link, events file or conversion events), deleted, or its data processed (Process Data run: the days).
 * AppsFlyer and Adjust are plugins too: their Enable and Connect are `plugin.connected`.
 */
export const PluginConnectionChanged = t.type({
  workspaceId: Id,
  appId: Id,
  pluginId: Id,
  pluginType: t.string,
  changes: FieldChanges,
});

/**
 * A Process Data run finished and its days landed in the app's processed tables (docs/notifications.md §Metric
 * alerts: what evaluates the app's metric alerts). `start`/`end` are the days the run covered.
 */
export const PluginDataProcessed = t.type({
  workspaceId: Id,
  appId: Id,
  pluginId: Id,
  pluginType: t.string,
  start: t.string,
  end: t.string,
  events: t.number,
});

/** A member invited (the address and role), changed role, or removed (a membership, or a pending invite revoked). */
export const MemberChanged = t.type({ workspaceId: Id, memberId: Id, email: t.string, changes: FieldChanges });

/** A saved report (Analyze template) created or changed (title, model, configuration), or deleted. */
export const ReportChanged = t.type({
  workspaceId: Id,
  appId: Id,
  reportId: Id,
  title: t.string,
  changes: FieldChanges,
});

/** A payment method added or removed: its description ("Visa •••• 4242"), never the card number. */
export const PaymentMethodChanged = t.type({
  workspaceId: Id,
  paymentMethodId: Id,
  description: t.string,
  changes: FieldChanges,
});

/** A promo code redeemed: the credit it gave (amount, expiry), named by the code (shown on the credit too). */
export const PromoCodeRedeemed = t.type({ workspaceId: Id, creditId: Id, code: t.string, changes: FieldChanges });

/** An app's deep link (acquisition link) changed: its url before → after (secret-looking query values masked). */
export const DeepLinkChanged = t.type({
  workspaceId: Id,
  appId: Id,
  deeplinkId: Id,
  label: t.string,
  changes: FieldChanges,
});

/** An API key created or revoked: its type and the last four characters only (the key itself is a secret). */
export const ApiKeyChanged = t.type({ workspaceId: Id, appId: Id, keyId: Id, label: t.string, changes: FieldChanges });

/** The workspace created (its name, website and icon), or its settings changed: before → after. */
export const WorkspaceSettingsChanged = t.type({ workspaceId: Id, workspaceName: t.string, changes: FieldChanges });

/** A workspace's webhook added, changed (its URL, format, alerts, switch, a rolled secret) or deleted; `host`: its URL's host. */
export const WebhookChanged = t.type({ workspaceId: Id, webhookId: Id, host: t.string, changes: FieldChanges });

/**
 * A workspace's credential renamed, checked again against Google Cloud (Refresh) or revoked (docs/integrations.md
 * §Credentials); `name`: its name (or account e-mail) at the time. Never its secret.
 */
export const CredentialChanged = t.type({ workspaceId: Id, credentialId: Id, name: t.string, changes: FieldChanges });

/** Monetize (the app's ads campaign) turned on or off, its settings saved, or removed: before → after. */
export const MonetizeChanged = t.type({ workspaceId: Id, appId: Id, campaignId: Id, changes: FieldChanges });

/** An app's settings saved (`section`: general, details, messages): the fields before → after. */
export const AppSettingsChanged = t.type({
  workspaceId: Id,
  appId: Id,
  appName: t.string,
  section: t.string,
  changes: FieldChanges,
});

/** An item of an app's catalogue added, changed or removed (name, sku, type, price, period). */
export const CatalogueItemChanged = t.type({
  workspaceId: Id,
  appId: Id,
  itemId: Id,
  itemName: t.string,
  changes: FieldChanges,
});

/** A conversion event's revenue settings saved or removed (revenue type and parameters). */
export const RevenueSettingsChanged = t.type({
  workspaceId: Id,
  appId: Id,
  eventId: Id,
  eventName: t.string,
  changes: FieldChanges,
});

/** An app added to the workspace, or switched on or off. */
export const AppChanged = t.type({ workspaceId: Id, appId: Id, appName: t.string, changes: FieldChanges });

/**
 * An app version seen for the first time in the app's processed events (Process Data): the version as the events
 * name it (`app_info.version` of the Firebase export) and the time of its first event (ISO 8601). Questboard's own
 * observation, emitted once per app and version.
 */
export const AppVersionSeen = t.type({
  workspaceId: Id,
  appId: Id,
  version: t.string,
  firstSeenAt: t.string,
});

/**
 * A completion held by a fraud rule (docs/acquire.md §Fraud holds), and an editor's decision on it: released (charged,
 * under `chargeId`) or rejected (never charged).
 */
export const QuestCompletionHeld = t.type({
  workspaceId: Id,
  appId: Id,
  questId: Id,
  questName: t.string,
  holdId: Id,
  playerId: t.string,
  stepIndex: t.number,
  eventName: t.string,
  payoutCents: t.number,
  reason: t.string,
});
export const QuestCompletionDecided = t.type({
  workspaceId: Id,
  appId: Id,
  questId: Id,
  questName: t.string,
  holdId: Id,
  playerId: t.string,
  stepIndex: t.number,
  payoutCents: t.number,
  reason: t.string,
  chargeId: t.union([Id, t.null]),
});
/** An app's holds within one UTC hour reached another FRAUD_HOLDS_ALERT (src/contracts/acquire-fraud.ts). */
export const QuestHoldsBurst = t.type({ workspaceId: Id, appId: Id, hour: t.string, holds: t.number });

/** A quest that reached its daily cap today (the first refused step of the day). */
export const QuestCapped = t.type({ workspaceId: Id, appId: Id, questId: Id, questName: t.string, day: t.string });
/**
 * A live quest's charges today passed another tenth of its daily cap (30 % and up) and, at today's pace, reach the cap
 * before midnight UTC (`projectedAt`, ISO 8601): docs/acquire.md §Spend and pacing.
 */
export const QuestCapNear = t.type({
  workspaceId: Id,
  appId: Id,
  questId: Id,
  questName: t.string,
  day: t.string,
  spentCents: t.number,
  capCents: t.number,
  projectedAt: t.string,
});
/**
 * The app's quest charges today passed another tenth of the target's daily budget faster than the day goes by: at
 * today's pace the budget runs out at `runsOutAt` (ISO 8601), before midnight UTC.
 */
export const TargetBudgetFast = t.type({
  workspaceId: Id,
  appId: Id,
  day: t.string,
  spentCents: t.number,
  budgetCents: t.number,
  runsOutAt: t.string,
});

/**
 * Billing's runway (the balance at the last 30 days' pace) fell below RUNWAY_ALERT_DAYS (src/contracts/notifications.ts):
 * announced once per fall by the scheduled check.
 */
export const BalanceRanLow = t.type({ workspaceId: Id, runwayDays: t.number, dailySpendCents: t.number });

/**
 * Accounts (docs/accounts.md §Activity): a person's own account changed. Emitted once per workspace the account
 * belongs to, so each of its workspaces' logs shows it; never a password, token or link in the payload.
 */
export const AccountChanged = t.type({ workspaceId: Id, accountId: Id, email: t.string, changes: FieldChanges });

/** A person accepted an invitation and joined the workspace (`memberId`: their account; `changes`: the role given). */
export const MemberJoined = t.type({
  workspaceId: Id,
  memberId: Id,
  email: t.string,
  name: t.string,
  changes: FieldChanges,
});

/** A Process Data run (a job) failed: the plugin, the job and the reason it gave (never a credential). */
export const PluginProcessFailed = t.type({
  workspaceId: Id,
  appId: Id,
  pluginId: Id,
  pluginType: t.string,
  jobId: Id,
  reason: t.string,
});

/**
 * A connected source went silent: nothing new for `silentHours` (its threshold) since `lastPostbackAt` (ISO 8601): its
 * last postback, or with `signal: 'export'` (a BigQuery-linked source) the newest event of its export. Announced once
 * per silence (new data after it starts a new one). Events written before exports were watched have no `signal`.
 */
export const PluginSilent = t.intersection([
  t.type({
    workspaceId: Id,
    appId: Id,
    pluginId: Id,
    pluginType: t.string,
    lastPostbackAt: t.string,
    silentHours: t.number,
  }),
  t.partial({ signal: t.keyof({ postback: null, export: null }) }),
]);

/**
 * A connected source's health turned Degraded (docs/integrations.md "Beyond the peers"): `since` (ISO 8601) starts the
 * period, `findings` are the degraded findings' words (at most 5). Announced once per period (it ends when the source
 * is Receiving or Waiting again).
 */
export const PluginDegraded = t.type({
  workspaceId: Id,
  appId: Id,
  pluginId: Id,
  pluginType: t.string,
  since: t.string,
  findings: t.array(t.string),
});

/**
 * An app's target KPI, counted over its mature players (Acquire's KPI card), is below the target value for a newly
 * mature period: `period` is the UTC day up to which started players are mature; `value` and `target` in the KPI's
 * unit (percent). Announced once per app and period.
 */
export const TargetKpiBelow = t.type({
  workspaceId: Id,
  appId: Id,
  kpi: t.string,
  value: t.number,
  target: t.number,
  period: t.string,
  maturePlayers: t.number,
});

/** The payments provider could not collect an invoice (its reference, amount and currency; never the card). */
export const PaymentFailed = t.type({
  workspaceId: Id,
  invoiceRef: Id,
  amountCents: t.number,
  currency: t.string,
  attempt: t.number,
});

const Text = t.union([t.string, t.null]);
/**
 * An attribution postback stored (once per idempotency key): its event and the partner's sub-parameters (sub3 = quest
 * id, sub1 = player id for quests), never the advertising id. A high-volume event: it is written only when a
 * reaction wants that postback (server/areas.ts `wants`); the others are stored by the group commit alone.
 */
export const PostbackStored = t.intersection([
  t.type({
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
  }),
  // What the fraud holds compare (docs/acquire.md §Fraud holds); absent from events written before they existed.
  t.partial({ advertisingId: Text, clientAddress: Text, mediaSource: Text, eventTime: Text }),
]);

/**
 * Every event: its payload codec and the area that emits it. An event's name is `<entity>.<past tense>`; the
 * emitting area is the only one that writes it.
 */
export const DOMAIN_EVENTS = {
  'quest.step_completed': { payload: QuestStepCompleted, emittedBy: 'acquire' },
  'quest.published': { payload: QuestPublished, emittedBy: 'acquire' },
  'quest.capped': { payload: QuestCapped, emittedBy: 'acquire' },
  'quest.completion_held': { payload: QuestCompletionHeld, emittedBy: 'acquire' },
  'quest.completion_released': { payload: QuestCompletionDecided, emittedBy: 'acquire' },
  'quest.completion_rejected': { payload: QuestCompletionDecided, emittedBy: 'acquire' },
  'quest.holds_burst': { payload: QuestHoldsBurst, emittedBy: 'acquire' },
  'quest.cap_near': { payload: QuestCapNear, emittedBy: 'acquire' },
  'target.budget_fast': { payload: TargetBudgetFast, emittedBy: 'acquire' },
  'target.kpi_below': { payload: TargetKpiBelow, emittedBy: 'acquire' },
  'charge.recorded': { payload: ChargeRecorded, emittedBy: 'billing' },
  'balance.ran_low': { payload: BalanceRanLow, emittedBy: 'billing' },
  'postback.stored': { payload: PostbackStored, emittedBy: 'postbacks' },
  'quest.draft_saved': { payload: QuestDraftSaved, emittedBy: 'acquire' },
  'quest.stopped': { payload: QuestStatusChanged, emittedBy: 'acquire' },
  'quest.restarted': { payload: QuestStatusChanged, emittedBy: 'acquire' },
  'quest.draft_discarded': { payload: QuestStatusChanged, emittedBy: 'acquire' },
  'quest.deleted': { payload: QuestStatusChanged, emittedBy: 'acquire' },
  'target.changed': { payload: TargetChanged, emittedBy: 'acquire' },
  'plugin.connected': { payload: PluginConnectionChanged, emittedBy: 'integrations' },
  'plugin.disconnected': { payload: PluginConnectionChanged, emittedBy: 'integrations' },
  'plugin.created': { payload: PluginConnectionChanged, emittedBy: 'integrations' },
  'plugin.updated': { payload: PluginConnectionChanged, emittedBy: 'integrations' },
  'plugin.deleted': { payload: PluginConnectionChanged, emittedBy: 'integrations' },
  'plugin.processed': { payload: PluginConnectionChanged, emittedBy: 'integrations' },
  'app.version_seen': { payload: AppVersionSeen, emittedBy: 'integrations' },
  'plugin.process_failed': { payload: PluginProcessFailed, emittedBy: 'integrations' },
  'plugin.silent': { payload: PluginSilent, emittedBy: 'integrations' },
  'plugin.degraded': { payload: PluginDegraded, emittedBy: 'integrations' },
  'plugin.data_processed': { payload: PluginDataProcessed, emittedBy: 'integrations' },
  'credential.renamed': { payload: CredentialChanged, emittedBy: 'integrations' },
  'credential.refreshed': { payload: CredentialChanged, emittedBy: 'integrations' },
  'credential.revoked': { payload: CredentialChanged, emittedBy: 'integrations' },
  'revenue_settings.saved': { payload: RevenueSettingsChanged, emittedBy: 'integrations' },
  'revenue_settings.removed': { payload: RevenueSettingsChanged, emittedBy: 'integrations' },
  'monetize.turned_on': { payload: MonetizeChanged, emittedBy: 'monetize' },
  'monetize.turned_off': { payload: MonetizeChanged, emittedBy: 'monetize' },
  'monetize.settings_saved': { payload: MonetizeChanged, emittedBy: 'monetize' },
  'monetize.removed': { payload: MonetizeChanged, emittedBy: 'monetize' },
  'app.settings_changed': { payload: AppSettingsChanged, emittedBy: 'app-settings' },
  'catalogue_item.added': { payload: CatalogueItemChanged, emittedBy: 'app-settings' },
  'catalogue_item.updated': { payload: CatalogueItemChanged, emittedBy: 'app-settings' },
  'catalogue_item.removed': { payload: CatalogueItemChanged, emittedBy: 'app-settings' },
  'app.added': { payload: AppChanged, emittedBy: 'apps' },
  'app.switched': { payload: AppChanged, emittedBy: 'apps' },
  'member.invited': { payload: MemberChanged, emittedBy: 'team' },
  'member.role_changed': { payload: MemberChanged, emittedBy: 'team' },
  'member.removed': { payload: MemberChanged, emittedBy: 'team' },
  'member.joined': { payload: MemberJoined, emittedBy: 'team' },
  'report.saved': { payload: ReportChanged, emittedBy: 'analyze' },
  'report.deleted': { payload: ReportChanged, emittedBy: 'analyze' },
  'payment_method.added': { payload: PaymentMethodChanged, emittedBy: 'billing' },
  'payment_method.removed': { payload: PaymentMethodChanged, emittedBy: 'billing' },
  'payment_method.made_default': { payload: PaymentMethodChanged, emittedBy: 'billing' },
  'promo_code.redeemed': { payload: PromoCodeRedeemed, emittedBy: 'billing' },
  'deep_link.updated': { payload: DeepLinkChanged, emittedBy: 'apps' },
  'payment.failed': { payload: PaymentFailed, emittedBy: 'billing' },
  'api_key.created': { payload: ApiKeyChanged, emittedBy: 'apps' },
  'api_key.revoked': { payload: ApiKeyChanged, emittedBy: 'apps' },
  'workspace.settings_changed': { payload: WorkspaceSettingsChanged, emittedBy: 'workspace' },
  'workspace.created': { payload: WorkspaceSettingsChanged, emittedBy: 'workspace' },
  'webhook.created': { payload: WebhookChanged, emittedBy: 'notifications' },
  'webhook.changed': { payload: WebhookChanged, emittedBy: 'notifications' },
  'webhook.deleted': { payload: WebhookChanged, emittedBy: 'notifications' },
  // accounts
  'account.profile_changed': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.email_changed': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.password_changed': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.password_reset': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.sessions_signed_out': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.signed_up': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.two_factor_enabled': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.two_factor_disabled': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.google_linked': { payload: AccountChanged, emittedBy: 'accounts' },
  'account.google_unlinked': { payload: AccountChanged, emittedBy: 'accounts' },
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = t.TypeOf<(typeof DOMAIN_EVENTS)[N]['payload']>;

/** The areas that emit events (the activity log's area filter accepts exactly these). */
export const EVENT_AREAS = [
  ...new Set(Object.values(DOMAIN_EVENTS).map((spec) => spec.emittedBy)),
].sort() as EventArea[];
export type EventArea = (typeof DOMAIN_EVENTS)[DomainEventName]['emittedBy'];

/**
 * One event as a subscriber receives it: its outbox id, name, payload, when it happened and who made it happen
 * (`by`: the signed-in account whose request made the change; null for Questboard itself: the scheduler, a job, a
 * partner's postback).
 */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  payload: DomainEventPayload<N>;
  at: Date;
  by: string | null;
}

export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];
export const isDomainEventName = (name: string): name is DomainEventName =>
  Object.prototype.hasOwnProperty.call(DOMAIN_EVENTS, name);
