/** The quest editor's view model from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { questEditorMachine } from './quest-editor.machine';

export const selectQuestEditor = (s: SnapshotFrom<typeof questEditorMachine>) => ({
  values: s.context.values,
  errors: s.context.errors,
  error: s.context.error,
  saving: s.matches('saving'),
  finished: s.status === 'done',
  isNew: s.context.questId === null,
});
