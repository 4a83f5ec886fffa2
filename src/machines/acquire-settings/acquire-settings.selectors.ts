/** The Target tab's view model from the acquire-settings snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { acquireSettingsMachine } from './acquire-settings.machine';

export const selectAcquireSettings = (s: SnapshotFrom<typeof acquireSettingsMachine>) => ({
  loading: s.matches('loading'),
  loadFailed: s.matches('loadFailed'),
  saving: s.matches('saving'),
  confirmingLeave: s.matches('confirmLeave'),
  /** Unsaved changes, as the debounced comparison last found them (the leave guard compares again itself). */
  dirty: s.context.dirty,
  hasDraft: s.context.stored !== null,
  values: s.context.values,
  errors: s.context.errors,
  error: s.context.error,
  applyPriceSuggestions: s.context.applyPriceSuggestions,
});
