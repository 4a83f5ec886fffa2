/**
 * Acquire (docs/acquire.md): user-acquisition quests (drafts, publishing, pausing, daily caps), their steps counted from
 * postbacks, the KPI card and suggestions, and the app's acquisition settings.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { countQuestStep, namesLiveQuest } from './acquire';
export { acquireMigrations } from './migrations';
export { acquireJobs, scheduleKpiCheck } from './kpi-alerts';
export { addPostbackReturns, addStepCost, appHasQuests, reachesQuestReturns } from './quest-returns';
export { acquireRoutes } from './routes';
export { seedAcquireDemo } from './seed';
export { loadSettings, restartQuest, saveSettings, stopQuest } from './acquire';
export { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS } from './seed';
