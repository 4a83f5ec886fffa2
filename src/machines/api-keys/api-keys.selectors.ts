/** View model of the API Keys tab. */
import type { SnapshotFrom } from 'xstate';
import type { apiKeysMachine } from './api-keys.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof apiKeysMachine>;

export const selectApiKeys = (s: Snapshot) => ({
  keys: (s.context.app.apiKeys ?? []).map((key, index) => ({ ...key, id: key.id ?? index })),
  creating: s.matches('creating'),
  createdKey: s.matches('showingKey') ? s.context.createdKey : null,
  confirmingTerminate: s.matches({ terminate: 'confirming' }) || s.matches({ terminate: 'terminating' }),
  terminating: s.matches({ terminate: 'terminating' }),
  target: s.context.target === null ? null : (s.context.app.apiKeys?.[s.context.target] ?? null),
});

/** The events the API keys tab sends, as named senders. */
export const apiKeysActions = (send: SendTo<typeof apiKeysMachine>) => ({
  create: (keyType: EventOf<typeof apiKeysMachine, 'CREATE'>['keyType']) => send({ type: 'CREATE', keyType }),
  dismiss: () => send({ type: 'DISMISS' }),
  terminate: (index: number) => send({ type: 'TERMINATE', index }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
  sync: (app: EventOf<typeof apiKeysMachine, 'SYNC'>['app']) => send({ type: 'SYNC', app }),
});
