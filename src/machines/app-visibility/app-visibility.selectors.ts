/** View model of one app card's 'Show on Questboard App' switch. */
import type { SnapshotFrom } from 'xstate';
import type { appVisibilityMachine } from './app-visibility.machine';

export const selectAppVisibility = (s: SnapshotFrom<typeof appVisibilityMachine>) => ({
  enabled: s.context.enabled,
  saving: s.matches('saving'),
});
