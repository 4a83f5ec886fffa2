/** The quest editor bound to the acquire service (create or write the draft), the snackbars and the acquire queries. */
import { fromPromise } from 'xstate';
import { questEditorMachine } from './quest-editor.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { createQuest, saveQuestDraft } from '../../services/acquire.service';
import { acquireQueryKey } from '../../services/acquire.queries';
import { queryClient } from '../../queryClient';

export const questEditorFlow = defineFlow({
  name: 'quest-editor',
  bind: () =>
    questEditorMachine.provide({
      actors: {
        saveQuest: fromPromise(({ input, signal }) =>
          input.questId === null
            ? createQuest(input.appId, input.definition, signal)
            : saveQuestDraft(input.appId, input.questId, input.definition, signal),
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
