/** The quest editor's view model from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { CountryPayoutField, questEditorMachine, StepField } from './quest-editor.machine';
import type { SendTo } from '../shared/flow';

export const selectQuestEditor = (s: SnapshotFrom<typeof questEditorMachine>) => ({
  values: s.context.values,
  errors: s.context.errors,
  error: s.context.error,
  saving: s.matches('saving'),
  finished: s.status === 'done',
  isNew: s.context.questId === null,
});

/** The events the quest editor sends, as named senders. */
export const questEditorActions = (send: SendTo<typeof questEditorMachine>) => ({
  setName: (value: string) => send({ type: 'SET_NAME', value }),
  setDailyCap: (value: string) => send({ type: 'SET_DAILY_CAP', value }),
  setCountries: (countries: string[]) => send({ type: 'SET_COUNTRIES', countries }),
  addStep: () => send({ type: 'ADD_STEP' }),
  removeStep: (index: number) => send({ type: 'REMOVE_STEP', index }),
  setStep: (index: number, field: StepField, value: string) => send({ type: 'SET_STEP', index, field, value }),
  addCountryPayout: (index: number) => send({ type: 'ADD_COUNTRY_PAYOUT', index }),
  removeCountryPayout: (index: number, row: number) => send({ type: 'REMOVE_COUNTRY_PAYOUT', index, row }),
  setCountryPayout: (index: number, row: number, field: CountryPayoutField, value: string) =>
    send({ type: 'SET_COUNTRY_PAYOUT', index, row, field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  cancel: () => send({ type: 'CANCEL' }),
});
