/** View model of the Monetize switch and its 'Turn off Monetize?' confirmation (docs/monetize.md §Campaign states Monetize on/off). */
import { REMOVE_CONFIRM_TITLE, removeConfirmMessage } from '../../contracts/monetize';
import type { MonetizeToggleSnapshot, monetizeToggleMachine } from './monetize-toggle.machine';
import type { SendTo } from '../shared/flow';

/** `onForm`: the switch of the new campaign's form, which is on though nothing is saved yet. */
export const selectMonetizeSwitch = (s: MonetizeToggleSnapshot, onForm = false) => ({
  on: s.context.campaignId !== null || onForm,
  busy: s.matches('removing'),
});

export const selectRemoveConfirm = (s: MonetizeToggleSnapshot, appName: string) => ({
  open: s.matches('removing'),
  busy: s.matches({ removing: 'running' }),
  title: REMOVE_CONFIRM_TITLE,
  message: removeConfirmMessage(appName),
});

/** The events the Monetize switch sends, as named senders. */
export const monetizeToggleActions = (send: SendTo<typeof monetizeToggleMachine>) => ({
  turnOn: () => send({ type: 'TURN_ON' }),
  turnOff: () => send({ type: 'TURN_OFF' }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
  sync: (campaignId: string | null) => send({ type: 'SYNC', campaignId }),
});
