/**
 * What each domain event reads as in the activity log (docs/activity.md §What a row holds): its workspace and app, the
 * object it is about (type, id, name) and the fields before → after. One entry per event of the catalogue
 * (src/contracts/domain-events.ts): the mapped type makes a new event without an entry a type error, and
 * tests/server/activity-catalogue.test.ts fails on an event whose entry writes no row or no change.
 *
 * Events that carry their own `changes` (every change a person makes) pass them through; the system's events
 * (a quest step completed, a charge recorded, a postback stored, a quest capped) are described from their facts.
 * Every value then goes through maskChanges: secrets are never recorded.
 */
import type { DomainEventName, DomainEventPayload, FieldChange } from '../../../src/contracts/domain-events';
import { isCardNumber, isSecretValue, isSensitiveKey, MASKED } from '../../../src/contracts/secrets';
import { HOLD_REASON_LABELS, type HoldReason } from '../../../src/contracts/acquire-fraud';

export interface ActivityObject {
  type: string;
  id: string;
  name: string;
}

export interface Described {
  /** Null when the payload names only an app (a postback): the app's workspace is looked up. */
  workspaceId: string | null;
  appId: string | null;
  object: ActivityObject;
  changes: FieldChange[];
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const holdReason = (reason: string) => HOLD_REASON_LABELS[reason as HoldReason] ?? reason;
const quest = (p: { questId: string; questName: string }): ActivityObject => ({
  type: 'quest',
  id: p.questId,
  name: p.questName,
});
const plugin = (p: { pluginId: string; pluginType: string }): ActivityObject => ({
  type: 'plugin',
  id: p.pluginId,
  name: p.pluginType,
});
const member = (p: { memberId: string; email: string }): ActivityObject => ({
  type: 'member',
  id: p.memberId,
  name: p.email,
});
const report = (p: { reportId: string; title: string }): ActivityObject => ({
  type: 'report',
  id: p.reportId,
  name: p.title,
});
const paymentMethod = (p: { paymentMethodId: string; description: string }): ActivityObject => ({
  type: 'payment method',
  id: p.paymentMethodId,
  name: p.description,
});
const apiKey = (p: { keyId: string; label: string }): ActivityObject => ({
  type: 'API key',
  id: p.keyId,
  name: p.label,
});

/** A person's change in an app: the payload's workspace and app, the object it is about, and its own changes. */
const inApp =
  <P extends { workspaceId: string; appId: string; changes: FieldChange[] }>(object: (p: P) => ActivityObject) =>
  (p: P): Described => ({ workspaceId: p.workspaceId, appId: p.appId, object: object(p), changes: p.changes });
/** A person's change to the workspace itself (no app): the object it is about, and its own changes. */
const inWorkspace =
  <P extends { workspaceId: string; changes: FieldChange[] }>(object: (p: P) => ActivityObject) =>
  (p: P): Described => ({ workspaceId: p.workspaceId, appId: null, object: object(p), changes: p.changes });

const credential = (p: { credentialId: string; name: string }): ActivityObject => ({
  type: 'credential',
  id: p.credentialId,
  name: p.name,
});

const monetize = (p: { campaignId: string }): ActivityObject => ({
  type: 'monetize',
  id: p.campaignId,
  name: 'Monetize',
});
const revenueSettings = (p: { eventId: string; eventName: string }): ActivityObject => ({
  type: 'event',
  id: p.eventId,
  name: p.eventName,
});
const catalogueItem = (p: { itemId: string; itemName: string }): ActivityObject => ({
  type: 'catalogue item',
  id: p.itemId,
  name: p.itemName,
});
const app = (p: { appId: string; appName: string }): ActivityObject => ({ type: 'app', id: p.appId, name: p.appName });

const account = (p: { accountId: string; email: string }): ActivityObject => ({
  type: 'account',
  id: p.accountId,
  name: p.email,
});

type Describers = { [N in DomainEventName]: (payload: DomainEventPayload<N>) => Described };

export const DESCRIBE: Describers = {
  'quest.step_completed': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: [
      { field: 'step', before: null, after: `${p.stepIndex + 1} (${p.eventName})` },
      { field: 'player', before: null, after: p.playerId },
      { field: 'charge', before: null, after: p.chargeId ? money(p.payoutCents) : 'not charged (daily cap reached)' },
    ],
  }),
  'quest.published': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: p.changes?.length ? p.changes : [{ field: 'version', before: 'draft', after: 'published' }],
  }),
  'quest.capped': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: [{ field: 'daily cap', before: null, after: `reached on ${p.day}` }],
  }),
  'quest.completion_held': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: [
      { field: 'step', before: null, after: `${p.stepIndex + 1} (${p.eventName})` },
      { field: 'player', before: null, after: p.playerId },
      { field: 'charge', before: null, after: `${money(p.payoutCents)} held for review (${holdReason(p.reason)})` },
    ],
  }),
  'quest.completion_released': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: [
      { field: 'player', before: null, after: p.playerId },
      {
        field: `step ${p.stepIndex + 1}`,
        before: 'held',
        after: p.chargeId ? `released, ${money(p.payoutCents)} charged` : 'released',
      },
    ],
  }),
  'quest.completion_rejected': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: [
      { field: 'player', before: null, after: p.playerId },
      { field: `step ${p.stepIndex + 1}`, before: 'held', after: `rejected, ${money(p.payoutCents)} never charged` },
    ],
  }),
  'quest.holds_burst': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'target', id: p.appId, name: 'Held completions' },
    changes: [{ field: 'held completions', before: null, after: `${p.holds} since ${p.hour.slice(11, 16)} UTC` }],
  }),
  'quest.cap_near': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: [
      { field: 'spent today', before: null, after: `${money(p.spentCents)} of ${money(p.capCents)}` },
      { field: 'daily cap', before: null, after: `reached at ≈ ${p.projectedAt.slice(11, 16)} UTC at today's pace` },
    ],
  }),
  'target.budget_fast': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'target', id: p.appId, name: 'Target settings' },
    changes: [
      { field: 'spent today', before: null, after: `${money(p.spentCents)} of ${money(p.budgetCents)}` },
      { field: 'daily budget', before: null, after: `runs out at ≈ ${p.runsOutAt.slice(11, 16)} UTC at today's pace` },
    ],
  }),
  'target.kpi_below': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'target', id: p.appId, name: 'Target settings' },
    changes: [
      { field: p.kpi, before: null, after: `${p.value} % (target ${p.target} %), ${p.maturePlayers} mature players` },
    ],
  }),
  'balance.ran_low': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'balance', id: p.workspaceId, name: 'Balance' },
    changes: [
      { field: 'runway', before: null, after: `${p.runwayDays} day${p.runwayDays === 1 ? '' : 's'}` },
      { field: 'daily spend', before: null, after: money(p.dailySpendCents) },
    ],
  }),
  'charge.recorded': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'charge', id: p.chargeId, name: p.description },
    changes: [
      { field: 'amount', before: null, after: money(p.amountCents) },
      { field: 'source', before: null, after: p.source },
    ],
  }),
  'postback.stored': (p) => ({
    workspaceId: null,
    appId: p.appId,
    object: { type: 'postback', id: p.postbackId, name: `${p.source} ${p.eventName}` },
    changes: [
      { field: 'event', before: null, after: p.eventName },
      ...(p.revenue === null
        ? []
        : [{ field: 'revenue', before: null, after: `${p.revenue}${p.currency ? ` ${p.currency}` : ''}` }]),
      ...(p.sub3 === null ? [] : [{ field: 'quest', before: null, after: p.sub3 }]),
    ],
  }),
  'quest.draft_saved': inApp((p) => quest(p)),
  'quest.stopped': inApp((p) => quest(p)),
  'quest.restarted': inApp((p) => quest(p)),
  'target.changed': inApp((p) => ({ type: 'target', id: p.appId, name: 'Target settings' })),
  'plugin.connected': inApp((p) => plugin(p)),
  'plugin.disconnected': inApp((p) => plugin(p)),
  'plugin.created': inApp((p) => plugin(p)),
  'plugin.updated': inApp((p) => plugin(p)),
  'plugin.deleted': inApp((p) => plugin(p)),
  'plugin.processed': inApp((p) => plugin(p)),
  'app.version_seen': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'app version', id: `${p.appId}:${p.version}`, name: p.version },
    changes: [
      { field: 'version', before: null, after: p.version },
      { field: 'first event', before: null, after: p.firstSeenAt },
    ],
  }),
  'plugin.process_failed': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: plugin(p),
    changes: [{ field: 'Process Data', before: null, after: `failed: ${p.reason}` }],
  }),
  'plugin.silent': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: plugin(p),
    changes: [
      {
        field: p.signal === 'export' ? 'export data' : 'postbacks',
        before: `last at ${p.lastPostbackAt}`,
        after: `none for ${p.silentHours} hours`,
      },
    ],
  }),
  'plugin.degraded': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: plugin(p),
    changes: [{ field: 'health', before: null, after: `Degraded: ${p.findings.join(' ')}` }],
  }),
  'plugin.data_processed': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: plugin(p),
    changes: [{ field: 'days processed', before: null, after: `${p.start} to ${p.end} (${p.events} events)` }],
  }),
  'quest.draft_discarded': inApp((p) => quest(p)),
  'quest.deleted': inApp((p) => quest(p)),
  'revenue_settings.saved': inApp((p) => revenueSettings(p)),
  'revenue_settings.removed': inApp((p) => revenueSettings(p)),
  'monetize.turned_on': inApp((p) => monetize(p)),
  'monetize.turned_off': inApp((p) => monetize(p)),
  'monetize.settings_saved': inApp((p) => monetize(p)),
  'monetize.removed': inApp((p) => monetize(p)),
  'app.settings_changed': inApp((p) => ({
    type: 'app settings',
    id: `${p.appId}:${p.section}`,
    name: `${p.appName} (${p.section})`,
  })),
  'catalogue_item.added': inApp((p) => catalogueItem(p)),
  'catalogue_item.updated': inApp((p) => catalogueItem(p)),
  'catalogue_item.removed': inApp((p) => catalogueItem(p)),
  'app.added': inApp((p) => app(p)),
  'app.switched': inApp((p) => app(p)),
  'member.invited': inWorkspace((p) => member(p)),
  'member.role_changed': inWorkspace((p) => member(p)),
  'member.removed': inWorkspace((p) => member(p)),
  'member.joined': inWorkspace((p) => member(p)),
  'report.saved': inApp((p) => report(p)),
  'report.deleted': inApp((p) => report(p)),
  'payment_method.added': inWorkspace((p) => paymentMethod(p)),
  'payment_method.removed': inWorkspace((p) => paymentMethod(p)),
  'payment_method.made_default': inWorkspace((p) => paymentMethod(p)),
  'promo_code.redeemed': inWorkspace((p) => ({ type: 'credit', id: p.creditId, name: p.code })),
  'deep_link.updated': inApp((p) => ({ type: 'deep link', id: p.deeplinkId, name: p.label })),
  'payment.failed': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'invoice', id: p.invoiceRef, name: p.invoiceRef },
    changes: [
      { field: 'payment', before: null, after: `failed (attempt ${p.attempt})` },
      { field: 'amount', before: null, after: `${(p.amountCents / 100).toFixed(2)} ${p.currency.toUpperCase()}` },
    ],
  }),
  'api_key.created': inApp((p) => apiKey(p)),
  'api_key.revoked': inApp((p) => apiKey(p)),
  'workspace.settings_changed': inWorkspace((p) => ({ type: 'workspace', id: p.workspaceId, name: p.workspaceName })),
  'workspace.created': inWorkspace((p) => ({ type: 'workspace', id: p.workspaceId, name: p.workspaceName })),
  'credential.renamed': inWorkspace((p) => credential(p)),
  'credential.refreshed': inWorkspace((p) => credential(p)),
  'credential.revoked': inWorkspace((p) => credential(p)),
  'webhook.created': inWorkspace((p) => ({ type: 'webhook', id: p.webhookId, name: p.host })),
  'webhook.changed': inWorkspace((p) => ({ type: 'webhook', id: p.webhookId, name: p.host })),
  'webhook.deleted': inWorkspace((p) => ({ type: 'webhook', id: p.webhookId, name: p.host })),
  // accounts
  'account.profile_changed': inWorkspace((p) => account(p)),
  'account.email_changed': inWorkspace((p) => account(p)),
  'account.password_changed': inWorkspace((p) => account(p)),
  'account.password_reset': inWorkspace((p) => account(p)),
  'account.sessions_signed_out': inWorkspace((p) => account(p)),
  'account.signed_up': inWorkspace((p) => account(p)),
  'account.two_factor_enabled': inWorkspace((p) => account(p)),
  'account.two_factor_disabled': inWorkspace((p) => account(p)),
  'account.google_linked': inWorkspace((p) => account(p)),
  'account.google_unlinked': inWorkspace((p) => account(p)),
};

/** A link (a partner link, a store URL) keeps its address; a query parameter that names or looks like a secret is masked. */
function maskLink(value: string): string {
  if (!/^https?:\/\//i.test(value) || !value.includes('?')) return value;
  try {
    const url = new URL(value);
    let masked = false;
    for (const [name, param] of url.searchParams)
      if (isSensitiveKey(name) || isSecretValue(param) || isCardNumber(param)) {
        url.searchParams.set(name, MASKED);
        masked = true;
      }
    return masked ? url.toString() : value;
  } catch {
    return value;
  }
}

const maskValue = (field: string, value: FieldChange['before']): FieldChange['before'] => {
  if (value === null || typeof value === 'boolean') return value;
  if (isSensitiveKey(field)) return MASKED;
  if (typeof value === 'string' && (isSecretValue(value) || isCardNumber(value))) return MASKED;
  return typeof value === 'string' ? maskLink(value) : value;
};

/** The changes with every secret masked: by field name (password, token, key…) and by value (credentials, card numbers). */
export const maskChanges = (changes: readonly FieldChange[]): FieldChange[] =>
  changes.map((change) => ({
    field: change.field,
    before: maskValue(change.field, change.before),
    after: maskValue(change.field, change.after),
  }));

/** The event as the log records it. */
export function describeEvent<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): Described {
  const described = (DESCRIBE[name] as (p: DomainEventPayload<N>) => Described)(payload);
  return { ...described, changes: maskChanges(described.changes) };
}
