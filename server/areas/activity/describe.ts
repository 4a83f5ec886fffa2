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
const quest = (p: { questId: string; questName: string }): ActivityObject => ({
  type: 'quest',
  id: p.questId,
  name: p.questName,
});

const plugin = (p: DomainEventPayload<'plugin.connected'>): Described => ({
  workspaceId: p.workspaceId,
  appId: p.appId,
  object: { type: 'plugin', id: p.pluginId, name: p.pluginType },
  changes: p.changes,
});
const monetize = (p: DomainEventPayload<'monetize.settings_saved'>): Described => ({
  workspaceId: p.workspaceId,
  appId: p.appId,
  object: { type: 'monetize', id: p.campaignId, name: 'Monetize' },
  changes: p.changes,
});
const revenueSettings = (p: DomainEventPayload<'revenue_settings.saved'>): Described => ({
  workspaceId: p.workspaceId,
  appId: p.appId,
  object: { type: 'event', id: p.eventId, name: p.eventName },
  changes: p.changes,
});
const catalogueItem = (p: DomainEventPayload<'catalogue_item.added'>): Described => ({
  workspaceId: p.workspaceId,
  appId: p.appId,
  object: { type: 'catalogue item', id: p.itemId, name: p.itemName },
  changes: p.changes,
});
const app = (p: DomainEventPayload<'app.added'>): Described => ({
  workspaceId: p.workspaceId,
  appId: p.appId,
  object: { type: 'app', id: p.appId, name: p.appName },
  changes: p.changes,
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
  'quest.draft_saved': (p) => ({ workspaceId: p.workspaceId, appId: p.appId, object: quest(p), changes: p.changes }),
  'quest.stopped': (p) => ({ workspaceId: p.workspaceId, appId: p.appId, object: quest(p), changes: p.changes }),
  'quest.restarted': (p) => ({ workspaceId: p.workspaceId, appId: p.appId, object: quest(p), changes: p.changes }),
  'target.changed': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'target', id: p.appId, name: 'Target settings' },
    changes: p.changes,
  }),
  'plugin.connected': plugin,
  'plugin.disconnected': plugin,
  'plugin.created': plugin,
  'plugin.updated': plugin,
  'plugin.deleted': plugin,
  'plugin.processed': plugin,
  'quest.draft_discarded': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: quest(p),
    changes: p.changes,
  }),
  'quest.deleted': (p) => ({ workspaceId: p.workspaceId, appId: p.appId, object: quest(p), changes: p.changes }),
  'revenue_settings.saved': revenueSettings,
  'revenue_settings.removed': revenueSettings,
  'monetize.turned_on': monetize,
  'monetize.turned_off': monetize,
  'monetize.settings_saved': monetize,
  'monetize.removed': monetize,
  'app.settings_changed': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'app settings', id: `${p.appId}:${p.section}`, name: `${p.appName} (${p.section})` },
    changes: p.changes,
  }),
  'catalogue_item.added': catalogueItem,
  'catalogue_item.updated': catalogueItem,
  'catalogue_item.removed': catalogueItem,
  'app.added': app,
  'app.switched': app,
  'member.invited': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'member', id: p.memberId, name: p.email },
    changes: p.changes,
  }),
  'member.role_changed': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'member', id: p.memberId, name: p.email },
    changes: p.changes,
  }),
  'member.removed': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'member', id: p.memberId, name: p.email },
    changes: p.changes,
  }),
  'report.saved': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'report', id: p.reportId, name: p.title },
    changes: p.changes,
  }),
  'report.deleted': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'report', id: p.reportId, name: p.title },
    changes: p.changes,
  }),
  'payment_method.added': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'payment method', id: p.paymentMethodId, name: p.description },
    changes: p.changes,
  }),
  'payment_method.removed': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'payment method', id: p.paymentMethodId, name: p.description },
    changes: p.changes,
  }),
  'api_key.created': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'API key', id: p.keyId, name: p.label },
    changes: p.changes,
  }),
  'api_key.revoked': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'API key', id: p.keyId, name: p.label },
    changes: p.changes,
  }),
  'workspace.settings_changed': (p) => ({
    workspaceId: p.workspaceId,
    appId: null,
    object: { type: 'workspace', id: p.workspaceId, name: p.workspaceName },
    changes: p.changes,
  }),
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
