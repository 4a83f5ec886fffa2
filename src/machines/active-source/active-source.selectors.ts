/** View model of the 'Confirm Change?' dialog of the Overview's active switch (docs/integrations.md §Plugin states). */
import {
  CONFIRM_CHANGE_MESSAGE,
  CONFIRM_CHANGE_TITLE,
  type ActiveSourceSnapshot,
  type activeSourceMachine,
} from './active-source.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectActiveConfirm = (s: ActiveSourceSnapshot) => ({
  open: s.matches('working'),
  busy: s.matches({ working: 'running' }),
  title: CONFIRM_CHANGE_TITLE,
  message: CONFIRM_CHANGE_MESSAGE,
});

/** The events the Overview tab (the active source) sends, as named senders. */
export const activeSourceActions = (send: SendTo<typeof activeSourceMachine>) => ({
  activate: (plugin: EventOf<typeof activeSourceMachine, 'ACTIVATE'>['plugin']) => send({ type: 'ACTIVATE', plugin }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
