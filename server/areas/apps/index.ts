/**
 * Apps (docs/apps.md): a workspace's apps (store search, creation, icons, visibility), their API keys and acquisition
 * links (deeplinks).
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { API_KEY_PREFIX_LENGTH, seedApiKeys, toApiKeys, updateApiKeys, verifyApiKey } from './api-keys';
export { APP_ALREADY_ADDED, analyzePluginOf, appsJsonOf, checkAppIcon, loadApp, toApp } from './apps';
export { deeplinksMigrations } from './deeplinks/migrations';
export { appLinksRoutes } from './deeplinks/routes';
export { seedDeeplinks } from './deeplinks/seed';
export { appsMigrations } from './migrations';
export { appRoutes } from './routes';
