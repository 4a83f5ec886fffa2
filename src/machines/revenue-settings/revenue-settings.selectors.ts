/** The Revenue Settings dialog's view model: open, the form, what Save and Delete may do, and which call runs. */
import { isRevenueFormValid, type RevenueSettingsSnapshot } from './revenue-settings.machine';

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
