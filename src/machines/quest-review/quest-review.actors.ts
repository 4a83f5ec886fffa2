/** The review flow bound to the acquire service, the snackbars and the acquire queries. */
import { fromPromise } from 'xstate';
import { questReviewMachine } from './quest-review.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { discardAllQuests, discardQuest, publishAllQuests, publishQuest } from '../../services/acquire.service';
import { acquireQueryKey } from '../../services/acquire.queries';
import { queryClient } from '../../queryClient';

export const questReviewFlow = defineFlow({
  name: 'quest-review',
  bind: () =>
    questReviewMachine.provide({
      actors: {
        publishQuest: fromPromise(({ input, signal }) => publishQuest(input.appId, input.questId, signal)),
        discardQuest: fromPromise(({ input, signal }) => discardQuest(input.appId, input.questId, signal)),
        publishAll: fromPromise(({ input, signal }) => publishAllQuests(input.appId, signal)),
        discardAll: mutation(({ appId, questIds }: { appId: string; questIds: string[] }, signal) =>
          discardAllQuests(appId, questIds, signal),
        ),
      },
      actions: {
        notify: showNotice,
        questsChanged: (_, { appId }) => {
          void queryClient.invalidateQueries({ queryKey: acquireQueryKey(appId) });
        },
      },
    }),
});
