/** View model of the Monetize form: the draft, the errors shown per field, busy, and the conditions to estimate. */
import type { MonetizeFormSnapshot, monetizeFormMachine } from './monetize-form.machine';
import { estimableConditions } from './form-draft';
import type { EventOf, SendTo } from '../shared/flow';

export const selectMonetizeForm = (s: MonetizeFormSnapshot) => ({
  draft: s.context.draft,
  errors: s.context.errors,
  error: s.context.error,
  saving: s.matches('saving'),
  isNew: !s.context.draft.id,
  source: s.context.source,
});

/** Error of one field (a condition's: `targetConditions.{index}.{field}`). */
export const fieldError = (errors: Record<string, string>, field: string) => errors[field] ?? null;

/** The complete conditions the "Beyond" estimate counts (the view debounces them). */
export const selectEstimateConditions = (s: MonetizeFormSnapshot) =>
  estimableConditions(s.context.draft, s.context.source);

/** The events the Monetize form sends, as named senders. */
export const monetizeFormActions = (send: SendTo<typeof monetizeFormMachine>) => ({
  set: (field: EventOf<typeof monetizeFormMachine, 'SET'>['field'], value: string) =>
    send({ type: 'SET', field, value }),
  setAudience: (
    field: EventOf<typeof monetizeFormMachine, 'SET_AUDIENCE'>['field'],
    value: EventOf<typeof monetizeFormMachine, 'SET_AUDIENCE'>['value'],
  ) => send({ type: 'SET_AUDIENCE', field, value }),
  setList: (field: EventOf<typeof monetizeFormMachine, 'SET_LIST'>['field'], value: string[]) =>
    send({ type: 'SET_LIST', field, value }),
  addCondition: () => send({ type: 'ADD_CONDITION' }),
  removeCondition: (index: number) => send({ type: 'REMOVE_CONDITION', index }),
  setCondition: (index: number, patch: EventOf<typeof monetizeFormMachine, 'SET_CONDITION'>['patch']) =>
    send({ type: 'SET_CONDITION', index, patch }),
  syncSource: (source: EventOf<typeof monetizeFormMachine, 'SYNC_SOURCE'>['source']) =>
    send({ type: 'SYNC_SOURCE', source }),
  submit: () => send({ type: 'SUBMIT' }),
});
