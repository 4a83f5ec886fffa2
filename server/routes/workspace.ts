/** Workspaces: read one (with apps), create (any signed-in user) and update (admins only, SPEC §6). */
import * as t from 'io-ts';
import { defineRoute, access } from '../http/define-route';
import { Workspace, WorkspaceSaved } from '../../src/contracts/workspace';
import { WorkspaceParams } from '../../src/contracts/codecs';
import { readMultipart } from '../http/multipart';
import { createWorkspace, readWorkspaceForm, updateWorkspace } from '../domain/workspace';
import { loadWorkspaces } from '../domain/accounts';
import { notFound } from '../http/errors';

export const ONLY_ADMINS_RENAME =
  'Only administrators can change the workspace name. Please contact your administrator for assistance.';

export const workspaceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/workspace/:workspaceId',
    access: access.workspace('viewer'),
    params: WorkspaceParams,
    response: t.exact(t.type({ success: t.boolean, data: Workspace })),
    handler: async ({ params, caller, ctx }) => {
      const [workspace] = await loadWorkspaces(ctx, caller!, params.workspaceId);
      if (!workspace) throw notFound('Workspace');
      return { success: true, data: workspace };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/workspace',
    access: access.signedIn,
    body: 'multipart',
    response: WorkspaceSaved,
    status: 201,
    handler: async ({ req, caller, ctx }) => {
      const form = readWorkspaceForm(await readMultipart(req));
      const id = await createWorkspace(ctx.db, caller!.accountId, form);
      return { success: true, message: 'Workspace created successfully.', data: { id } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/workspace/:workspaceId',
    access: access.workspace('admin'),
    deniedMessage: ONLY_ADMINS_RENAME,
    params: WorkspaceParams,
    body: 'multipart',
    response: WorkspaceSaved,
    handler: async ({ req, params, ctx }) => {
      const form = readWorkspaceForm(await readMultipart(req));
      await updateWorkspace(ctx.db, params.workspaceId, form);
      return { success: true, message: 'Workspace updated successfully.', data: { id: params.workspaceId } };
    },
  }),
];
