/** The Revenue Settings dialog's view model: open, the form, what Save and Delete may do, and which call runs. */
import {
  isRevenueFormValid,
  type RevenueSettingsSnapshot,
  type revenueSettingsMachine,
} from './revenue-settings.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectRevenueDialog = (s: RevenueSettingsSnapshot) => {
  const saving = s.matches('saving');
  const deleting = s.matches('deleting');
  const busy = saving || deleting;
  return {
    open: !s.matches('closed'),
    form: s.context.form,
    saving,
    deleting,
    canSave: !busy && isRevenueFormValid(s.context.form),
    /** docs/integrations.md §Screens and routes: Delete only when settings exist. */
    showDelete: s.context.settings !== null,
    canDelete: !busy && s.context.settings !== null,
  };
};

/** The events the revenue settings dialog sends, as named senders. */
export const revenueSettingsActions = (send: SendTo<typeof revenueSettingsMachine>) => ({
  open: (settings: EventOf<typeof revenueSettingsMachine, 'OPEN'>['settings']) => send({ type: 'OPEN', settings }),
  change: (field: EventOf<typeof revenueSettingsMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  save: () => send({ type: 'SAVE' }),
  remove: () => send({ type: 'DELETE' }),
  close: () => send({ type: 'CLOSE' }),
});
