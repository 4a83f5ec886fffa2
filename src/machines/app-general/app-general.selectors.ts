/** View model of the App Settings General form. */
import type { SnapshotFrom } from 'xstate';
import type { appGeneralMachine } from './app-general.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof appGeneralMachine>;

export const selectAppGeneral = (s: Snapshot) => ({
  busy: s.matches('saving'),
  values: s.context.values,
  iconName: s.context.icon?.name ?? null,
  errors: s.context.errors,
  error: s.context.error,
  dirty: s.context.icon !== null || JSON.stringify(s.context.values) !== JSON.stringify(s.context.saved),
});

/** The events the General tab sends, as named senders. */
export const appGeneralActions = (send: SendTo<typeof appGeneralMachine>) => ({
  change: (field: EventOf<typeof appGeneralMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  setStatus: (store: 'google' | 'apple', status: EventOf<typeof appGeneralMachine, 'SET_STATUS'>['status']) =>
    send({ type: 'SET_STATUS', store, status }),
  pickIcon: (file: EventOf<typeof appGeneralMachine, 'PICK_ICON'>['file']) => send({ type: 'PICK_ICON', file }),
  submit: () => send({ type: 'SUBMIT' }),
  reset: () => send({ type: 'RESET' }),
  sync: (data: EventOf<typeof appGeneralMachine, 'SYNC'>['data']) => send({ type: 'SYNC', data }),
});
