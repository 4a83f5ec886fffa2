/** View model of the Messages form. */
import type { SnapshotFrom } from 'xstate';
import type { messagesSaveMachine } from './messages-save.machine';

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
