/** View model of the catalogue item dialog and the remove confirmation. */
import type { SnapshotFrom } from 'xstate';
import type { catalogueItemMachine } from './catalogue-item.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof catalogueItemMachine>;

export const selectCatalogueItem = (s: Snapshot) => ({
  editing: s.matches('editing') || s.matches('saving'),
  saving: s.matches('saving'),
  isNew: s.context.target === null,
  removing: s.matches('confirmingRemove') || s.matches('removing'),
  removeBusy: s.matches('removing'),
  target: s.context.target,
  draft: s.context.draft,
  errors: s.context.errors,
  error: s.context.error,
});

/** The events the Catalogue tab sends, as named senders. */
export const catalogueItemActions = (send: SendTo<typeof catalogueItemMachine>) => ({
  sync: (items: EventOf<typeof catalogueItemMachine, 'SYNC'>['items']) => send({ type: 'SYNC', items }),
  add: () => send({ type: 'ADD' }),
  edit: (item: Item) => send({ type: 'EDIT', item }),
  remove: (item: Item) => send({ type: 'REMOVE', item }),
  change: (field: EventOf<typeof catalogueItemMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
type Item = EventOf<typeof catalogueItemMachine, 'EDIT'>['item'];
