/**
 * The dashboard flow bound to the dashboard calls, the snackbars, the dashboards list and the router (a dep from the
 * page). One actor per app and dashboard, keyed `appId:dashboardId` (`appId:new`): the first save of a new dashboard
 * moves the URL to /analyze/dashboards/{id} without a reload, and that page finds this same actor.
 */
import { fromPromise } from 'xstate';
import { dashboardMachine } from './dashboard.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { deleteDashboard, openDashboard, saveDashboard } from '../../services/dashboards.service';
import { dashboardsKey } from '../../services/dashboards.queries';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export interface DashboardDeps {
  workspaceId: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export const dashboardKey = ({ appId, dashboardId }: { appId: string; dashboardId: string | null }) =>
  `${appId}:${dashboardId ?? 'new'}`;

export const dashboardFlow = defineFlow({
  name: 'dashboard',
  bind: (deps: () => DashboardDeps) =>
    dashboardMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) => openDashboard(input.appId, input.dashboardId, signal)),
        save: fromPromise(({ input, signal }) => saveDashboard(input.appId, input.dashboardId, input.request, signal)),
        remove: fromPromise(({ input, signal }) => deleteDashboard(input.appId, input.dashboardId, signal)),
      },
      actions: {
        notify: showNotice,
        saved: ({ context }, { id, first }) => {
          void queryClient.invalidateQueries({ queryKey: dashboardsKey(context.appId) });
          if (first)
            deps().navigate(
              href.app(deps().workspaceId, context.appId, `analyze/dashboards/${encodeURIComponent(id)}`),
              { replace: true },
            );
        },
        deleted: ({ context }) => {
          void queryClient.invalidateQueries({ queryKey: dashboardsKey(context.appId) });
          deps().navigate(href.app(deps().workspaceId, context.appId, 'analyze/dashboards'), { replace: true });
        },
      },
    }),
  keyOf: (snapshot) => dashboardKey(snapshot.context),
});
