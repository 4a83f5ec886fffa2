/**
 * App Settings (docs/app-settings.md): an app's general and details tabs, its store listing details (cms), catalogue
 * and player messages.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { appContentMigrations } from './app-content.migrations';
export { seedAppContent } from './app-content.seed';
export { catalogueRoutes } from './catalogue/routes';
export { cmsMigrations } from './cms/migrations';
export { cmsRoutes } from './cms/routes';
export { seedCmsDetails } from './cms/seed';
export { messagesRoutes } from './messages/routes';
export { appSettingsMigrations } from './migrations';
export { appSettingsRoutes } from './routes';
export { createCatalogueItem, removeCatalogueItem, updateCatalogueItem } from './catalogue/catalogue';
export { getNotificationSettings, saveNotificationSettings } from './messages/messages';
