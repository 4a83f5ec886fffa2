/** View model of the catalogue item dialog and the remove confirmation. */
import type { SnapshotFrom } from 'xstate';
import type { catalogueItemMachine } from './catalogue-item.machine';

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
