/**
 * Workspace area routes: read one (with apps), create (any signed-in user), update and its security
 * (admins only, docs/workspace.md §Roles, docs/accounts.md §Two-factor sign-in);
 * contract: src/contracts/workspace.ts (multipart `data` + optional `image`), rules: server/areas/workspace/workspace.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { workspaceEndpoints } from '../../../src/contracts/workspace';
import { createWorkspace, updateWorkspace } from './workspace';
import { loadWorkspace } from './accounts';
import { setWorkspaceSecurity, workspaceSecurity } from './security';

/** docs/workspace.md §Roles, verbatim. */
/** docs/accounts.md §Messages. */
const ONLY_ADMINS_SECURITY = 'Only administrators can change the security of a workspace.';
const ONLY_ADMINS_RENAME =
  'Only administrators can change the workspace name. Please contact your administrator for assistance.';

export const workspaceRoutes = [
  defineRoute(workspaceEndpoints.get, {
    access: access.workspace('viewer'),
    handler: async ({ params, caller, ctx }) => ({
      success: true,
      data: await loadWorkspace(ctx, caller, params.workspaceId),
    }),
  }),
  defineRoute(workspaceEndpoints.create, {
    access: access.signedIn,
    status: 201,
    handler: async ({ body, caller, ctx }) => {
      const id = await createWorkspace(ctx, caller.accountId, body);
      return { success: true, message: 'Workspace created successfully.', data: { id } };
    },
  }),
  defineRoute(workspaceEndpoints.update, {
    access: access.workspace('admin'),
    deniedMessage: ONLY_ADMINS_RENAME,
    handler: async ({ body, params, ctx }) => {
      const stored = await updateWorkspace(ctx, params.workspaceId, body);
      return { success: true, message: 'Workspace updated successfully.', data: { id: params.workspaceId, ...stored } };
    },
  }),
  defineRoute(workspaceEndpoints.security, {
    access: access.workspace('admin'),
    deniedMessage: ONLY_ADMINS_SECURITY,
    handler: ({ params, caller, ctx }) => workspaceSecurity(ctx, params.workspaceId, caller.accountId),
  }),
  defineRoute(workspaceEndpoints.setSecurity, {
    access: access.workspace('admin'),
    deniedMessage: ONLY_ADMINS_SECURITY,
    handler: ({ params, body, caller, ctx }) =>
      setWorkspaceSecurity(ctx, params.workspaceId, caller.accountId, body.requireTwoFactor),
  }),
];
