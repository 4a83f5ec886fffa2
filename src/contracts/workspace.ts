/**
 * Workspace entity (docs/workspace.md §Entities), its form rules (docs/workspace.md §Rules and limits), and the workspace area's endpoints: read one, create and
 * update (docs/workspace.md §API endpoints: multipart with `data` JSON {name, website, plus id on update} and an optional `image`).
 */
import * as t from 'io-ts';
import { struct, nullable, Role, Name, Id, line, MAX, WorkspaceParams, characterProblem } from './codecs';
import { endpoint, multipart } from './endpoint';
import { App } from './apps';
import { dimensionsError, type Dimensions } from './images';

export const Workspace = struct(
  {
    id: t.string,
    name: t.string,
    website: t.string,
    icon: nullable(t.string),
    allowMonetize: t.number,
  },
  {
    apps: t.array(App),
    accounts: t.number,
    role: Role,
    /** Members must have two-factor sign-in to open it (docs/accounts.md §Two-factor sign-in). */
    requireTwoFactor: t.boolean,
  },
  'Workspace',
);
export type Workspace = t.TypeOf<typeof Workspace>;

/** docs/workspace.md §Rules and limits: website required URL forced to start with https:// */
export const HTTPS_PREFIX = 'https://';

export const WEBSITE_REQUIRED = 'Website is required.';
export const WEBSITE_INVALID = 'Enter a valid website URL.';
export const WEBSITE_SPACES = 'A website address cannot contain spaces.';
export const websiteSchemeRefused = (scheme: string) =>
  `Website must be a web address (https://): ${scheme} addresses are not supported.`;

export type WebsiteResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * The one reading of a typed website, used by the form and the server (docs/decisions.md "Website normalisation"):
 * trimmed; http:// and https:// (any case) and leading slashes ("//studio.dev") are dropped and https:// put in front;
 * another scheme (ftp://, mailto:) is refused rather than rewritten; no spaces, no user name or password; a host with
 * a dot. The stored form has a lower-case host and no lone trailing slash: "HTTP://Studio.dev/" → "https://studio.dev".
 */
export function normaliseWebsite(typed: string): WebsiteResult {
  const trimmed = typed.trim();
  if (!trimmed) return { ok: false, message: WEBSITE_REQUIRED };
  if (trimmed.length > MAX.url) return { ok: false, message: `Website must be at most ${MAX.url} characters.` };
  if (/\s/.test(trimmed)) return { ok: false, message: WEBSITE_SPACES };
  // A scheme is "name://", or one of the schemes written without slashes ("studio.dev:8080" has none).
  const scheme = (/^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed) ??
    /^(mailto|javascript|data|tel|sms|file|about|blob):/i.exec(trimmed))?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return { ok: false, message: websiteSchemeRefused(scheme.toLowerCase()) };
  const rest = (scheme ? trimmed.slice(scheme.length + 1) : trimmed).replace(/^[/\\]+/, '');
  let url: URL;
  try {
    url = new URL(HTTPS_PREFIX + rest);
  } catch {
    return { ok: false, message: WEBSITE_INVALID };
  }
  if (url.username || url.password || !url.hostname.includes('.') || url.hostname.split('.').some((label) => !label)) {
    return { ok: false, message: WEBSITE_INVALID };
  }
  const path = url.pathname === '/' ? '' : url.pathname;
  const value = `${HTTPS_PREFIX}${url.host}${path}${url.search}${url.hash}`;
  return value.length > MAX.url
    ? { ok: false, message: `Website must be at most ${MAX.url} characters.` }
    : { ok: true, value };
}

export const ICON_MAX_BYTES = 3145728;
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif'];
export const ICON_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];
/** Largest icon, in pixels (the bytes' own header is read: a small file may claim a canvas of gigabytes). */
export const ICON_MAX_DIMENSIONS = { width: 1024, height: 1024 };
export const ICON_DIMENSIONS_MESSAGE = `Icon must not exceed ${ICON_MAX_DIMENSIONS.width} × ${ICON_MAX_DIMENSIONS.height} pixels.`;
/** Why an icon of these dimensions (null: unreadable) is refused, or null (server on the bytes, the form once loaded). */
export function iconDimensionsError(dimensions: Dimensions | null): string | null {
  return dimensionsError(dimensions, ICON_MAX_DIMENSIONS, ICON_DIMENSIONS_MESSAGE);
}

export const WorkspaceData = struct({ name: Name, website: line(MAX.url) }, { id: Id }, 'WorkspaceData');
export type WorkspaceData = t.TypeOf<typeof WorkspaceData>;

/** `data.name` and `data.website`: the values as stored (an update answers them, so the form shows what was kept). */
export const WorkspaceSaved = struct(
  { success: t.boolean, message: t.string },
  { data: struct({ id: t.string }, { name: t.string, website: t.string }) },
);
export type WorkspaceSaved = t.TypeOf<typeof WorkspaceSaved>;
export const WorkspaceResponse = struct({ success: t.boolean, data: Workspace }, {}, 'WorkspaceResponse');

/** The create/update form: the `data` part (JSON) and an optional `image` part (the icon). */
export const WorkspaceFormParts = multipart({ json: { data: WorkspaceData }, files: ['image'] });

/** docs/accounts.md §Messages: a workspace route refused to a member without two-factor sign-in (403, this code). */
export const TWO_FACTOR_REQUIRED =
  'This workspace requires two-factor sign-in. Turn it on for your account to open it.';
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';
/** docs/accounts.md §Messages: an admin without two-factor sign-in cannot require it of others (409, this code). */
export const TWO_FACTOR_YOURS_FIRST =
  'Turn on two-factor sign-in for your own account before you require it in this workspace.';
export const TWO_FACTOR_YOURS_FIRST_CODE = 'two_factor_yours_first';

/** The workspace's security settings as its admins see them. */
export const WorkspaceSecurity = struct(
  {
    success: t.boolean,
    requireTwoFactor: t.boolean,
    /** Members (invitations not counted) who have not turned on two-factor sign-in. */
    membersWithoutTwoFactor: t.number,
    /** The admin asking has two-factor sign-in (needed to require it). */
    youHaveTwoFactor: t.boolean,
  },
  {},
  'WorkspaceSecurity',
);
export type WorkspaceSecurity = t.TypeOf<typeof WorkspaceSecurity>;
export const WorkspaceSecurityRequest = struct({ requireTwoFactor: t.boolean }, {}, 'WorkspaceSecurityRequest');
export type WorkspaceSecurityRequest = t.TypeOf<typeof WorkspaceSecurityRequest>;

export const workspaceEndpoints = {
  security: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/security',
    params: WorkspaceParams,
    response: WorkspaceSecurity,
  }),
  setSecurity: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/security',
    params: WorkspaceParams,
    body: WorkspaceSecurityRequest,
    response: WorkspaceSecurity,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId',
    params: WorkspaceParams,
    response: WorkspaceResponse,
  }),
  create: endpoint({ method: 'POST', path: '/api/workspace', body: WorkspaceFormParts, response: WorkspaceSaved }),
  update: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId',
    params: WorkspaceParams,
    body: WorkspaceFormParts,
    response: WorkspaceSaved,
  }),
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

/** The form field a request field of the workspace form stands for ("data.website" → website, "image" → icon). */
export function workspaceFormField(requestField: string): keyof WorkspaceFormErrors | null {
  const name = requestField.split('.').pop();
  if (name === 'image') return 'icon';
  return name === 'name' || name === 'website' ? name : null;
}

/** docs/workspace.md §Rules and limits workspace rules, mirrored in the UI; the server checks them again (the icon by its bytes). */
export function validateWorkspaceForm(input: WorkspaceFormInput): WorkspaceFormErrors {
  const errors: WorkspaceFormErrors = {};
  if (!input.name.trim()) errors.name = 'Workspace name is required.';
  else if (input.name.length > MAX.name) errors.name = `Workspace name must be at most ${MAX.name} characters.`;
  else if (characterProblem(input.name, true)) errors.name = 'Workspace name must be a single line of text.';
  const website = normaliseWebsite(input.website);
  if (!website.ok) errors.website = website.message;
  if (input.icon) {
    const extension = input.icon.name.split('.').pop()?.toLowerCase() ?? '';
    if (!ICON_EXTENSIONS.includes(extension) && !ICON_TYPES.includes(input.icon.type)) errors.icon = ICON_TYPE_MESSAGE;
    else if (input.icon.size > ICON_MAX_BYTES) errors.icon = FILE_TOO_LARGE;
  }
  return errors;
}
