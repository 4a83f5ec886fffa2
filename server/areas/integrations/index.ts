/**
 * Integrations (docs/integrations.md): plugins of an app (BigQuery, Firebase, AppsFlyer, Adjust), their connection
 * lifecycle, OAuth, health, Process Data jobs, revenue settings, and the first postback that connects a waiting plugin.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { isAdjustCallback, markAdjustEventActive } from './adjust/adjust';
export { adjustMigrations } from './adjust/migrations';
export { adjustRoutes } from './adjust/routes';
export { ADJUST_DEMO_MARKER, seedAdjustDemo } from './adjust/seed';
export { appsflyerRoutes } from './appsflyer/routes';
export { testLinksMigrations } from './appsflyer/test-links.migrations';
export { appEventSchemas } from './event-schemas';
export { firebaseJobs } from './firebase/firebase';
export { firebaseMigrations } from './firebase/migrations';
export { firebaseRoutes } from './firebase/routes';
export { seedFirebaseDemo } from './firebase/seed';
export { connectWaitingPlugin, reachesWaitingPlugin } from './first-postback';
export {
  integrationJobs,
  pluginAttributesOf,
  pluginStatusOf,
  pluginSummaryOf,
  pluginsOfTypes,
  scheduleDailyProcessing,
} from './integrations';
export { integrationsMigrations } from './migrations';
export { eventSourcePluginOf, pluginEventsOf, pluginRowsOf, pluginsJsonOf, seedPluginEvents } from './plugin-reads';
export { scheduleSilenceCheck } from './silence';
export { scheduleHealthCheck, sourceHealthJobs } from './health-alerts';
export { recordQueryJob } from './query-jobs';
export { packageNameOf, processDemoPluginData, processPluginData } from './process-data';
export { POSTBACK_FORMATS, postbackFormat } from './postback-formats';
export { revenueSettingsMigrations } from './revenue-settings.migrations';
export { revenueSettingsRoutes } from './revenue-settings.routes';
export { integrationsRoutes } from './routes';
export { INTEGRATIONS_DEMO_MARKER, seedIntegrationsDemo } from './seed';
