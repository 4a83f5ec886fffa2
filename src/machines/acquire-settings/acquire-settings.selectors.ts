/** The Target tab's view model from the acquire-settings snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { acquireSettingsMachine, TargetTextField } from './acquire-settings.machine';
import type { SendTo } from '../shared/flow';

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

/** The events the Target tab sends, as named senders. */
export const acquireSettingsActions = (send: SendTo<typeof acquireSettingsMachine>) => ({
  change: (field: TargetTextField, value: string) => send({ type: 'CHANGE', field, value }),
  setCountries: (countries: string[]) => send({ type: 'SET_COUNTRIES', countries }),
  toggleSuggestions: (value: boolean) => send({ type: 'TOGGLE_SUGGESTIONS', value }),
  submit: () => send({ type: 'SUBMIT' }),
  retry: () => send({ type: 'RETRY' }),
  leave: (to: string) => send({ type: 'LEAVE', to }),
  stay: () => send({ type: 'STAY' }),
  confirmLeave: () => send({ type: 'CONFIRM_LEAVE' }),
});
