/** Workspace calls (contract: src/contracts/workspace.ts `workspaceEndpoints`: multipart `data` JSON + optional `image`). */
import { call } from './http';
import { forceHttps, workspaceEndpoints } from '../contracts/workspace';

export interface WorkspaceForm {
  id?: string;
  name: string;
  website: string;
  icon: File | null;
}

const formOf = (form: WorkspaceForm) => ({
  data: { name: form.name.trim(), website: forceHttps(form.website), ...(form.id ? { id: form.id } : {}) },
  image: form.icon,
});

export const createWorkspace = (form: WorkspaceForm, signal?: AbortSignal) =>
  call(workspaceEndpoints.create, { form: formOf(form), signal });

export const updateWorkspace = (form: WorkspaceForm & { id: string }, signal?: AbortSignal) =>
  call(workspaceEndpoints.update, { params: { workspaceId: form.id }, form: formOf(form), signal });
