/**
 * The seeded demo data the end-to-end specs rely on (server/demo/seed.ts) and helpers to make per-run unique values,
 * so specs never depend on each other's leftovers. Kept here (not imported from server/) so the browser-side specs
 * stay independent of server modules.
 */
export const DEMO_WORKSPACE = { id: 'demo-studio', name: 'Demo Studio' } as const;
export const DEMO_APPS = {
  pixelRacer: { id: 'pixel-racer-android', name: 'Pixel Racer' },
  wordGarden: { id: 'word-garden-ios', name: 'Word Garden' },
} as const;
export const STAFF_EMAIL = 'staff@questboard.io';
export const PENDING_INVITE_EMAIL = 'new.designer@demostudio.dev';
export const EXPIRED_INVITE_EMAIL = 'old.contractor@demostudio.dev';

/** A string unique to this run and call: time, worker and a counter. */
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  const worker = process.env.TEST_WORKER_INDEX ?? '0';
  return `${prefix}-${Date.now().toString(36)}-${worker}-${counter}`;
}

/** A fresh email address nobody on the server has used. */
export const uniqueEmail = (prefix = 'e2e') => `${unique(prefix)}@example.com`;

/** Path of a page inside an app (docs/workspace.md §Screens and routes: /workspace/{workspaceId}/app/{appId}/{section}). */
export const appPath = (appId: string, section = 'acquire/target', workspaceId: string = DEMO_WORKSPACE.id) =>
  `/workspace/${workspaceId}/app/${appId}/${section}`;
export const appsPath = (workspaceId: string = DEMO_WORKSPACE.id) => `/workspace/${workspaceId}/apps`;
export const teamPath = (workspaceId: string = DEMO_WORKSPACE.id) => `/workspace/${workspaceId}/team`;
