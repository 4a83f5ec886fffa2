/** The quest menu's dialogs and busy state from the quest-actions snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { questActionsMachine } from './quest-actions.machine';

export const selectQuestActions = (s: SnapshotFrom<typeof questActionsMachine>) => ({
  quest: s.context.quest,
  confirmStop: s.matches({ stop: 'confirming' }) || s.matches({ stop: 'stopping' }),
  confirmDelete: s.matches('remove') && !s.matches({ remove: 'deleted' }),
  busy: !s.matches('idle') && !s.matches({ stop: 'confirming' }) && !s.matches({ remove: 'confirming' }),
});
