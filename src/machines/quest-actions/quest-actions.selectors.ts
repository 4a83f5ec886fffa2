/** The quest menu's dialogs and busy state from the quest-actions snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { questActionsMachine, QuestRef } from './quest-actions.machine';
import type { SendTo } from '../shared/flow';

export const selectQuestActions = (s: SnapshotFrom<typeof questActionsMachine>) => ({
  quest: s.context.quest,
  confirmStop: s.matches({ stop: 'confirming' }) || s.matches({ stop: 'stopping' }),
  confirmDelete: s.matches('remove') && !s.matches({ remove: 'deleted' }),
  busy: !s.matches('idle') && !s.matches({ stop: 'confirming' }) && !s.matches({ remove: 'confirming' }),
});

/** The events a quest's options menu and its confirmations send, as named senders. */
export const questActionsActions = (send: SendTo<typeof questActionsMachine>) => ({
  restart: (quest: QuestRef) => send({ type: 'RESTART', quest }),
  stop: (quest: QuestRef) => send({ type: 'STOP', quest }),
  remove: (quest: QuestRef) => send({ type: 'DELETE', quest }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
