/** The Monetize switch bound to the monetize service, the snackbars, the monetize reads and the page's navigation. */
import { monetizeToggleMachine } from './monetize-toggle.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { removeCampaign } from '../../services/monetize.service';
import { monetizeKey } from '../../services/monetize.queries';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export interface MonetizeToggleDeps {
  workspaceId: string;
  navigate: (to: string) => void;
}

export const monetizeToggleFlow = defineFlow({
  name: 'monetize-toggle',
  bind: (deps: () => MonetizeToggleDeps) => {
    const go = (appId: string, section: string) => deps().navigate(href.app(deps().workspaceId, appId, section));
    return monetizeToggleMachine.provide({
      actors: { remove: mutation(({ id }: { id: string }, signal) => removeCampaign(id, signal)) },
      actions: {
        notify: showNotice,
        openForm: (_, { appId }) => go(appId, 'monetize/new'),
        closeForm: (_, { appId }) => go(appId, 'monetize/list'),
        removed: (_, { appId }) => {
          void queryClient.invalidateQueries({ queryKey: monetizeKey(appId) });
          go(appId, 'monetize/list');
        },
        logError: (_, { error }) => console.error('[monetize]', error),
      },
    });
  },
});
