/**
 * Workspace entity (SPEC §3), its form rules (SPEC §5), and the workspace area's endpoints: read one, create and
 * update (SPEC §7: multipart with `data` JSON {name, website, plus id on update} and an optional `image`).
 */
import * as t from 'io-ts';
import { struct, nullable, Role, Name, Id, line, MAX, WorkspaceParams, characterProblem } from './codecs';
import { endpoint, multipart } from './endpoint';
import { App } from './apps';
import { CMS_INVALID_IMAGE_FILE, type Dimensions } from './cms';

export const Workspace = struct(
  {
    id: t.string,
    name: t.string,
    website: t.string,
    icon: nullable(t.string),
    allowMonetize: t.number,
  },
  { apps: t.array(App), accounts: t.number, role: Role },
  'Workspace',
);
export type Workspace = t.TypeOf<typeof Workspace>;

/** SPEC §5: website required URL forced to start with https:// */
export const HTTPS_PREFIX = 'https://';
export function forceHttps(website: string): string {
  const trimmed = website.trim().replace(/^[a-z]+:\/\//i, '');
  return trimmed ? HTTPS_PREFIX + trimmed : '';
}
export function isWebsite(website: string): boolean {
  try {
    const url = new URL(forceHttps(website));
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const ICON_MAX_BYTES = 3145728;
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif'];
export const ICON_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];
/** Largest icon, in pixels (the bytes' own header is read: a small file may claim a canvas of gigabytes). */
export const ICON_MAX_DIMENSIONS = { width: 1024, height: 1024 };
export const ICON_DIMENSIONS_MESSAGE = `Icon must not exceed ${ICON_MAX_DIMENSIONS.width} × ${ICON_MAX_DIMENSIONS.height} pixels.`;
/** Why an icon of these dimensions (null: unreadable) is refused, or null (server on the bytes, the form once loaded). */
export function iconDimensionsError(dimensions: Dimensions | null): string | null {
  if (!dimensions || !(dimensions.width > 0) || !(dimensions.height > 0)) return CMS_INVALID_IMAGE_FILE;
  return dimensions.width > ICON_MAX_DIMENSIONS.width || dimensions.height > ICON_MAX_DIMENSIONS.height ? ICON_DIMENSIONS_MESSAGE : null;
}

export const WorkspaceData = struct({ name: Name, website: line(MAX.url) }, { id: Id }, 'WorkspaceData');
export type WorkspaceData = t.TypeOf<typeof WorkspaceData>;

export const WorkspaceSaved = struct({ success: t.boolean, message: t.string }, { data: struct({ id: t.string }) });
export type WorkspaceSaved = t.TypeOf<typeof WorkspaceSaved>;
export const WorkspaceResponse = struct({ success: t.boolean, data: Workspace }, {}, 'WorkspaceResponse');

/** The create/update form: the `data` part (JSON) and an optional `image` part (the icon). */
export const WorkspaceFormParts = multipart({ json: { data: WorkspaceData }, files: ['image'] });

export const workspaceEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/workspace/:workspaceId', params: WorkspaceParams, response: WorkspaceResponse }),
  create: endpoint({ method: 'POST', path: '/api/workspace', body: WorkspaceFormParts, response: WorkspaceSaved }),
  update: endpoint({ method: 'POST', path: '/api/workspace/:workspaceId', params: WorkspaceParams, body: WorkspaceFormParts, response: WorkspaceSaved }),
};

export const FILE_TOO_LARGE = 'File is too large!';
export const ICON_TYPE_MESSAGE = 'Icon must be a PNG, JPG or GIF image.';
/** The part of a picked icon File that forms and flows read (name, size, type). */
export interface IconFile {
  name: string;
  size: number;
  type: string;
}
export interface WorkspaceFormInput {
  name: string;
  website: string;
  icon: IconFile | null;
}
export type WorkspaceFormErrors = Partial<Record<'name' | 'website' | 'icon', string>>;

/** SPEC §5 workspace rules, mirrored in the UI; the server checks them again (the icon by its bytes). */
export function validateWorkspaceForm(input: WorkspaceFormInput): WorkspaceFormErrors {
  const errors: WorkspaceFormErrors = {};
  if (!input.name.trim()) errors.name = 'Workspace name is required.';
  else if (input.name.length > MAX.name) errors.name = `Workspace name must be at most ${MAX.name} characters.`;
  else if (characterProblem(input.name, true)) errors.name = 'Workspace name must be a single line of text.';
  if (!input.website.trim()) errors.website = 'Website is required.';
  else if (input.website.length > MAX.url) errors.website = `Website must be at most ${MAX.url} characters.`;
  else if (!isWebsite(input.website)) errors.website = 'Enter a valid website URL.';
  if (input.icon) {
    const extension = input.icon.name.split('.').pop()?.toLowerCase() ?? '';
    if (!ICON_EXTENSIONS.includes(extension) && !ICON_TYPES.includes(input.icon.type)) errors.icon = ICON_TYPE_MESSAGE;
    else if (input.icon.size > ICON_MAX_BYTES) errors.icon = FILE_TOO_LARGE;
  }
  return errors;
}
