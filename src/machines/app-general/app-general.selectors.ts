/** View model of the App Settings General form. */
import type { SnapshotFrom } from 'xstate';
import type { appGeneralMachine } from './app-general.machine';

type Snapshot = SnapshotFrom<typeof appGeneralMachine>;

export const selectAppGeneral = (s: Snapshot) => ({
  busy: s.matches('saving'),
  values: s.context.values,
  iconName: s.context.icon?.name ?? null,
  errors: s.context.errors,
  error: s.context.error,
  dirty: s.context.icon !== null || JSON.stringify(s.context.values) !== JSON.stringify(s.context.saved),
});
