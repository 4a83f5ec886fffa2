/**
 * The funnel-builder flow bound to the funnel calls, the snackbars, the saved funnels list, the CSV download and the
 * router (a dep from the page). One actor per app and funnel, keyed `appId:funnelId` (`appId:new`): the first save of a
 * new funnel moves the URL to /analyze/funnels/{id} without a reload, and that page finds this same actor.
 */
import { fromPromise } from 'xstate';
import { funnelBuilderMachine } from './funnel-builder.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { deleteFunnel, funnelDropoff, openFunnel, runFunnel, saveFunnel } from '../../services/funnels.service';
import { savedFunnelsKey } from '../../services/funnels.queries';
import { downloadDropoffCsv } from '../../lib/funnel-csv';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export interface FunnelBuilderDeps {
  workspaceId: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export const funnelBuilderKey = ({ appId, funnelId }: { appId: string; funnelId: string | null }) =>
  `${appId}:${funnelId ?? 'new'}`;

export const funnelBuilderFlow = defineFlow({
  name: 'funnel-builder',
  bind: (deps: () => FunnelBuilderDeps) =>
    funnelBuilderMachine.provide({
      actors: {
        open: fromPromise(({ input, signal }) => openFunnel(input.appId, input.funnelId, signal)),
        run: fromPromise(({ input, signal }) => runFunnel(input.appId, input.question, signal)),
        dropoff: fromPromise(({ input, signal }) =>
          funnelDropoff(
            input.appId,
            {
              question: input.question,
              step: input.target.step,
              ...(input.question.split ? { split_value: input.target.split_value, other: input.target.other } : {}),
            },
            signal,
          ),
        ),
        save: fromPromise(({ input, signal }) => saveFunnel(input.appId, input.request, signal)),
        remove: fromPromise(({ input, signal }) => deleteFunnel(input.appId, input.funnelId, signal)),
      },
      actions: {
        notify: showNotice,
        saved: ({ context }, { id, first }) => {
          void queryClient.invalidateQueries({ queryKey: savedFunnelsKey(context.appId) });
          if (first)
            deps().navigate(href.app(deps().workspaceId, context.appId, `analyze/funnels/${encodeURIComponent(id)}`), {
              replace: true,
            });
        },
        deleted: ({ context }) => {
          void queryClient.invalidateQueries({ queryKey: savedFunnelsKey(context.appId) });
          deps().navigate(href.app(deps().workspaceId, context.appId, 'analyze/funnels'), { replace: true });
        },
        download: (_, { ids, step }) => {
          if (ids.length) downloadDropoffCsv(ids, step);
        },
        logError: (_, { error }) => {
          console.error('[funnel builder]', error);
        },
      },
    }),
  keyOf: (snapshot) => funnelBuilderKey(snapshot.context),
});
