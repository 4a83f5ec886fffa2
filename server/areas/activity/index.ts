/**
 * Activity (docs/activity.md): who changed what, when, in a workspace. Every domain event of the catalogue
 * (src/contracts/domain-events.ts) becomes one row, written by a `transaction` reaction in the change's own
 * transaction (server/areas.ts `reactions`), with the fields before → after and secrets masked; read by page with
 * filters, exported as CSV by the SPA, pruned after ACTIVITY_DAYS by a daily job.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export {
  activityJobs,
  activityWantsPostback,
  invitationsOf,
  peopleActivityAbout,
  pruneActivity,
  recordActivity,
  scheduleActivityPruning,
} from './activity';
export { activityMigrations } from './migrations';
export { activityRoutes } from './routes';
