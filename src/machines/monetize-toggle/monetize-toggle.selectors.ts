/** View model of the Monetize switch and its 'Turn off Monetize?' confirmation (docs/monetize.md §Campaign states Monetize on/off). */
import { REMOVE_CONFIRM_TITLE, removeConfirmMessage } from '../../contracts/monetize';
import type { MonetizeToggleSnapshot } from './monetize-toggle.machine';

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
