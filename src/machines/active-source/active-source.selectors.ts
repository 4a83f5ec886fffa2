/** View model of the 'Confirm Change?' dialog of the Overview's active switch (docs/integrations.md §Plugin states). */
import { CONFIRM_CHANGE_MESSAGE, CONFIRM_CHANGE_TITLE, type ActiveSourceSnapshot } from './active-source.machine';

export const selectActiveConfirm = (s: ActiveSourceSnapshot) => ({
  open: s.matches('working'),
  busy: s.matches({ working: 'running' }),
  title: CONFIRM_CHANGE_TITLE,
  message: CONFIRM_CHANGE_MESSAGE,
});
