/** Activity routes (contract: src/contracts/activity.ts; rules: server/areas/activity/activity.ts, docs/activity.md). */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { activityEndpoints } from '../../../src/contracts/activity';
import { exportActivity, listActivity } from './activity';

export const activityRoutes = [
  // Every member reads the log (viewers too); billing entries only reach admins (the domain filters them).
  defineRoute(activityEndpoints.list, {
    access: access.workspace('viewer'),
    handler: ({ params, query, membership, ctx }) => listActivity(ctx, params.workspaceId, membership.role, query),
  }),
  defineRoute(activityEndpoints.export, {
    access: access.workspace('viewer'),
    handler: ({ params, query, membership, ctx }) => exportActivity(ctx, params.workspaceId, membership.role, query),
  }),
];
