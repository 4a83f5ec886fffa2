/** The quest menu's flow bound to the acquire service, the snackbars and the acquire queries. */
import { fromPromise } from 'xstate';
import { questActionsMachine } from './quest-actions.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { deleteActiveQuest, deleteDraftQuest, restartQuest, stopQuest } from '../../services/acquire.service';
import { acquireQueryKey } from '../../services/acquire.queries';
import { queryClient } from '../../queryClient';

export const questActionsFlow = defineFlow({
  name: 'quest-actions',
  bind: () =>
    questActionsMachine.provide({
      actors: {
        stopQuest: fromPromise(({ input, signal }) => stopQuest(input.appId, input.questId, signal)),
        restartQuest: fromPromise(({ input, signal }) => restartQuest(input.appId, input.questId, signal)),
        deleteActive: fromPromise(({ input, signal }) => deleteActiveQuest(input.appId, input.questId, signal)),
        deleteDraft: fromPromise(({ input, signal }) => deleteDraftQuest(input.appId, input.questId, signal)),
      },
      actions: {
        notify: showNotice,
        questsChanged: (_, { appId }) => {
          void queryClient.invalidateQueries({ queryKey: acquireQueryKey(appId) });
        },
      },
    }),
});
