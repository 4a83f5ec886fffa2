/** The Monetize form bound to the monetize service (create, or update when it has an id), the snackbars and the reads. */
import { fromPromise } from 'xstate';
import { monetizeFormMachine, type SaveRequest } from './monetize-form.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { createCampaign, updateCampaign } from '../../services/monetize.service';
import { monetizeKey } from '../../services/monetize.queries';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export interface MonetizeFormDeps {
  workspaceId: string;
  navigate: (to: string) => void;
}

const save = ({ id, ...campaign }: SaveRequest, signal: AbortSignal) =>
  id ? updateCampaign({ id, ...campaign }, signal) : createCampaign(campaign, signal);

export const monetizeFormFlow = defineFlow({
  name: 'monetize-form',
  bind: (deps: () => MonetizeFormDeps) =>
    monetizeFormMachine.provide({
      actors: { save: fromPromise(({ input, signal }) => save(input, signal)) },
      actions: {
        notify: showNotice,
        saved: (_, { appId }) => {
          void queryClient.invalidateQueries({ queryKey: monetizeKey(appId) });
          deps().navigate(href.app(deps().workspaceId, appId, 'monetize/list'));
        },
      },
    }),
});
