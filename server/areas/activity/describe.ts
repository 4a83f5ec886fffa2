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

const account = (p: DomainEventPayload<'account.profile_changed'>): Described => ({
  workspaceId: p.workspaceId,
  appId: null,
  object: { type: 'account', id: p.accountId, name: p.email },
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
  'plugin.connected': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'plugin', id: p.pluginId, name: p.pluginType },
    changes: p.changes,
  }),
  'plugin.disconnected': (p) => ({
    workspaceId: p.workspaceId,
    appId: p.appId,
    object: { type: 'plugin', id: p.pluginId, name: p.pluginType },
    changes: p.changes,
  }),
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
  // accounts
  'account.profile_changed': (p) => account(p),
  'account.password_changed': (p) => account(p),
  'account.password_reset': (p) => account(p),
  'account.sessions_signed_out': (p) => account(p),
};

const maskValue = (field: string, value: FieldChange['before']): FieldChange['before'] => {
  if (value === null || typeof value === 'boolean') return value;
  if (isSensitiveKey(field)) return MASKED;
  if (typeof value === 'string' && (isSecretValue(value) || isCardNumber(value))) return MASKED;
  return value;
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
