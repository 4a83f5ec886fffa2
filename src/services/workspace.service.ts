/** Workspace calls (contract: src/contracts/workspace.ts `workspaceEndpoints`: multipart `data` JSON + optional `image`). */
import { call } from './http';
import { normaliseWebsite, workspaceEndpoints } from '../contracts/workspace';

export interface WorkspaceForm {
  id?: string;
  name: string;
  website: string;
  icon: File | null;
}

/** The normalised website; a refused one is sent as typed, so the server's refusal names it. */
const websiteOf = (typed: string) => {
  const website = normaliseWebsite(typed);
  return website.ok ? website.value : typed.trim();
};

const formOf = (form: WorkspaceForm) => ({
  data: { name: form.name.trim(), website: websiteOf(form.website), ...(form.id ? { id: form.id } : {}) },
  image: form.icon,
});

export const createWorkspace = (form: WorkspaceForm, signal?: AbortSignal) =>
  call(workspaceEndpoints.create, { form: formOf(form), signal });

export const updateWorkspace = (form: WorkspaceForm & { id: string }, signal?: AbortSignal) =>
  call(workspaceEndpoints.update, { params: { workspaceId: form.id }, form: formOf(form), signal });

/** The workspace's security settings (admins). */
export const workspaceSecurity = (workspaceId: string, signal?: AbortSignal) =>
  call(workspaceEndpoints.security, { params: { workspaceId }, signal });

export const setWorkspaceSecurity = (workspaceId: string, requireTwoFactor: boolean, signal?: AbortSignal) =>
  call(workspaceEndpoints.setSecurity, { params: { workspaceId }, body: { requireTwoFactor }, signal });
