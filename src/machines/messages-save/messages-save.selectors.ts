/** View model of the Messages form. */
import type { SnapshotFrom } from 'xstate';
import type { messagesSaveMachine } from './messages-save.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof messagesSaveMachine>;

export const selectMessages = (s: Snapshot) => ({
  loading: s.matches('loading'),
  failed: s.matches('loadFailed'),
  saving: s.matches('saving'),
  values: s.context.values,
  errors: s.context.errors,
  error: s.context.error,
  dirty: JSON.stringify(s.context.values) !== JSON.stringify(s.context.saved),
});

/** The events the Messages tab sends, as named senders. */
export const messagesActions = (send: SendTo<typeof messagesSaveMachine>) => ({
  change: (kind: Change['kind'], field: Change['field'], value: string) => send({ type: 'CHANGE', kind, field, value }),
  toggle: (kind: Change['kind'], enabled: boolean) => send({ type: 'TOGGLE', kind, enabled }),
  submit: () => send({ type: 'SUBMIT' }),
  reset: () => send({ type: 'RESET' }),
  retry: () => send({ type: 'RETRY' }),
});
type Change = EventOf<typeof messagesSaveMachine, 'CHANGE'>;
