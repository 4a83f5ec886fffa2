/** View model of one app card's 'Show on Questboard App' switch. */
import type { SnapshotFrom } from 'xstate';
import type { appVisibilityMachine } from './app-visibility.machine';
import type { SendTo } from '../shared/flow';

export const selectAppVisibility = (s: SnapshotFrom<typeof appVisibilityMachine>) => ({
  enabled: s.context.enabled,
  saving: s.matches('saving'),
});

/** The events the app visibility switch sends, as named senders. */
export const appVisibilityActions = (send: SendTo<typeof appVisibilityMachine>) => ({
  toggle: () => send({ type: 'TOGGLE' }),
  sync: (enabled: boolean) => send({ type: 'SYNC', enabled }),
});
