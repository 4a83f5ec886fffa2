/**
 * The cohort-builder flow bound to the cohort calls, the snackbars, the saved cohorts list and the router (a dep from
 * the page). One actor per app and cohort table, keyed `appId:cohortId` (`appId:new`): the first save of a new table
 * moves the URL to /analyze/cohorts/{id} without a reload, and that page finds this same actor with its triangle.
 */
import { fromPromise } from 'xstate';
import { cohortBuilderMachine } from './cohort-builder.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { deleteCohort, openCohort, runCohorts, saveCohort } from '../../services/cohorts.service';
import { savedCohortsKey } from '../../services/cohorts.queries';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export interface CohortBuilderDeps {
  workspaceId: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export const cohortBuilderKey = ({ appId, cohortId }: { appId: string; cohortId: string | null }) =>
  `${appId}:${cohortId ?? 'new'}`;

export const cohortBuilderFlow = defineFlow({
  name: 'cohort-builder',
  bind: (deps: () => CohortBuilderDeps) =>
    cohortBuilderMachine.provide({
      actors: {
        open: fromPromise(({ input, signal }) => openCohort(input.appId, input.cohortId, signal)),
        run: fromPromise(({ input, signal }) => runCohorts(input.appId, input.question, signal)),
        save: fromPromise(({ input, signal }) => saveCohort(input.appId, input.request, signal)),
        remove: fromPromise(({ input, signal }) => deleteCohort(input.appId, input.cohortId, signal)),
      },
      actions: {
        notify: showNotice,
        saved: ({ context }, { id, first }) => {
          void queryClient.invalidateQueries({ queryKey: savedCohortsKey(context.appId) });
          if (first)
            deps().navigate(href.app(deps().workspaceId, context.appId, `analyze/cohorts/${encodeURIComponent(id)}`), {
              replace: true,
            });
        },
        deleted: ({ context }) => {
          void queryClient.invalidateQueries({ queryKey: savedCohortsKey(context.appId) });
          deps().navigate(href.app(deps().workspaceId, context.appId, 'analyze/cohorts'), { replace: true });
        },
        logError: (_, { error }) => {
          console.error('[cohort builder]', error);
        },
      },
    }),
  keyOf: (snapshot) => cohortBuilderKey(snapshot.context),
});
