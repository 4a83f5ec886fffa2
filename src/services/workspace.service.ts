/** Workspace calls (SPEC §7: multipart with `data` JSON {name, website, id on update} and an optional image). */
import { request } from './http';
import { WorkspaceSaved, forceHttps } from '../contracts/workspace';

export interface WorkspaceForm {
  id?: string;
  name: string;
  website: string;
  icon: File | null;
}

function toFormData(form: WorkspaceForm) {
  const data = new FormData();
  data.append('data', JSON.stringify({ name: form.name.trim(), website: forceHttps(form.website), ...(form.id ? { id: form.id } : {}) }));
  if (form.icon) data.append('image', form.icon);
  return data;
}

export const createWorkspace = (form: WorkspaceForm, signal?: AbortSignal) =>
  request(WorkspaceSaved, '/api/workspace', { method: 'POST', form: toFormData(form), signal });

export const updateWorkspace = (form: WorkspaceForm & { id: string }, signal?: AbortSignal) =>
  request(WorkspaceSaved, `/api/workspace/${encodeURIComponent(form.id)}`, { method: 'POST', form: toFormData(form), signal });
