/**
 * The API areas of the server, each a list of routes declared with defineRoute and (optionally) its migrations, and
 * the one table of which area reacts to which domain event, and how (docs/architecture.md §Domain events).
 * Add an area by importing it here; its routes then enter the route table, and so the authorization matrix and
 * every test that iterates the table, automatically. No area subscribes to another by importing it.
 */
import type { Migration } from 'kysely';
import { routeEntry, type AnyRoute } from './http/define-route';
import type { RouteEntry } from './http/access';
import type { Reaction } from './context';
import { eventsMigrations } from './events/migrations';
import {
  addPostbackReturns,
  addStepCost,
  countQuestStep,
  namesLiveQuest,
  reachesQuestReturns,
} from './areas/acquire/index';
import { chargeQuestStep } from './areas/billing/index';
import { isAdjustCallback, markAdjustEventActive } from './areas/integrations/index';
import { connectWaitingPlugin, reachesWaitingPlugin } from './areas/integrations/index';
import { accountRoutes, authRoutes, googleSignInRoutes, signUpRoutes, twoFactorRoutes } from './areas/auth/index';
import { workspaceMigrations, workspaceRoutes } from './areas/workspace/index';
import { appRoutes } from './areas/apps/index';
import { teamRoutes } from './areas/team/index';
import { teamMigrations } from './areas/team/index';
import { fileRoutes } from './areas/files/index';
import { analyzeRoutes } from './areas/analyze/index';
import { appSettingsRoutes } from './areas/app-settings/index';
import { appSettingsMigrations } from './areas/app-settings/index';
import { cmsMigrations } from './areas/app-settings/index';
import { cmsRoutes } from './areas/app-settings/index';
import { catalogueRoutes } from './areas/app-settings/index';
import { messagesRoutes } from './areas/app-settings/index';
import { appContentMigrations } from './areas/app-settings/index';
import { analyticsMigrations } from './areas/analyze/index';
import { appsMigrations } from './areas/apps/index';
import { accountsMigrations } from './areas/auth/index';
import { askRoutes } from './areas/ask/index';
import { billingRoutes } from './areas/billing/index';
import { billingMigrations } from './areas/billing/index';
import { integrationsRoutes } from './areas/integrations/index';
import { integrationsMigrations } from './areas/integrations/index';
import { documentationRoutes } from './areas/docs/index';
import { appLinksRoutes } from './areas/apps/index';
import { deeplinksMigrations } from './areas/apps/index';
import { firebaseRoutes } from './areas/integrations/index';
import { firebaseMigrations } from './areas/integrations/index';
import { adjustRoutes } from './areas/integrations/index';
import { adjustMigrations } from './areas/integrations/index';
import { acquireRoutes } from './areas/acquire/index';
import { acquireMigrations } from './areas/acquire/index';
import { postbackRoutes, providePostbackPorts } from './areas/postbacks/index';
import { POSTBACK_FORMATS, pluginStatusOf, pluginSummaryOf } from './areas/integrations/index';
import { appsflyerRoutes } from './areas/integrations/index';
import { postbacksMigrations } from './areas/postbacks/index';
import { testLinksMigrations } from './areas/integrations/index';
import { monetizeRoutes } from './areas/monetize/index';
import { monetizeMigrations } from './areas/monetize/index';
import { revenueSettingsRoutes } from './areas/integrations/index';
import { revenueSettingsMigrations } from './areas/integrations/index';
import { activityMigrations, activityRoutes, activityWantsPostback, recordActivity } from './areas/activity/index';
import {
  alertInvitationAccepted,
  alertPaymentFailed,
  alertProcessFailed,
  alertQuestCapped,
  alertQuestCapNear,
  alertHoldsBurst,
  alertBudgetFast,
  alertRunwayLow,
  alertSourceSilent,
  alertSourceDegraded,
  alertKpiBelow,
  notificationRoutes,
  notificationsMigrations,
  evaluateMetricAlerts,
} from './areas/notifications/index';
import { DOMAIN_EVENT_NAMES } from '../src/contracts/domain-events';

/**
 * The postbacks area's ports: the partners' formats (each in its partner's folder of integrations) and the plugins it
 * checks a postback against (integrations' table), so postbacks imports no partner and reads no other area's table.
 */
providePostbackPorts({ formats: POSTBACK_FORMATS, pluginStatus: pluginStatusOf, pluginById: pluginSummaryOf });

export interface Area {
  name: string;
  routes: readonly AnyRoute[];
  migrations?: Record<string, Migration>;
}

export const areas: readonly Area[] = [
  {
    name: 'auth',
    routes: [...authRoutes, ...accountRoutes, ...signUpRoutes, ...twoFactorRoutes, ...googleSignInRoutes],
    migrations: accountsMigrations,
  },
  { name: 'workspace', routes: workspaceRoutes, migrations: workspaceMigrations },
  { name: 'apps', routes: appRoutes, migrations: appsMigrations },
  { name: 'team', routes: teamRoutes, migrations: teamMigrations },
  { name: 'files', routes: fileRoutes },
  // Analyze, with "Ask Analyze in plain words" (routes/ask.ts)
  { name: 'analyze', routes: [...analyzeRoutes, ...askRoutes], migrations: analyticsMigrations },
  { name: 'billing', routes: billingRoutes, migrations: billingMigrations },
  { name: 'integrations', routes: integrationsRoutes, migrations: integrationsMigrations },
  // Firebase conversion events and the integration health line (routes/firebase.ts)
  { name: 'firebase', routes: firebaseRoutes, migrations: firebaseMigrations },
  // Integrations: the event detail and revenue settings (routes/revenue-settings.ts), their own migrations
  { name: 'integrations', routes: revenueSettingsRoutes, migrations: revenueSettingsMigrations },
  { name: 'adjust', routes: adjustRoutes, migrations: adjustMigrations },
  { name: 'app-settings', routes: appSettingsRoutes, migrations: appSettingsMigrations },
  { name: 'cms', routes: cmsRoutes, migrations: cmsMigrations },
  // The documentation pages' app values, and the App Settings Events and Acquisition Links tabs
  { name: 'documentation', routes: documentationRoutes },
  { name: 'app-links', routes: appLinksRoutes, migrations: deeplinksMigrations },
  // Settings → Catalogue and Messages (one migrations record for both)
  { name: 'catalogue', routes: catalogueRoutes, migrations: appContentMigrations },
  { name: 'messages', routes: messagesRoutes },
  { name: 'acquire', routes: acquireRoutes, migrations: acquireMigrations },
  // Attribution postbacks, with the AppsFlyer plugin's Enable (routes/appsflyer.ts)
  {
    name: 'postbacks',
    routes: [...postbackRoutes, ...appsflyerRoutes],
    migrations: { ...postbacksMigrations, ...testLinksMigrations },
  },
  { name: 'monetize', routes: monetizeRoutes, migrations: monetizeMigrations },
  { name: 'activity', routes: activityRoutes, migrations: activityMigrations },
  { name: 'notifications', routes: notificationRoutes, migrations: notificationsMigrations },
];

/** Every route of every area: its contract endpoint (method, path, codecs, multipart parts) and access rule. */
export const routeTable: readonly RouteEntry[] = areas.flatMap((area) =>
  area.routes.map((route) => routeEntry(area.name, route)),
);

/** The areas' own migrations, for server/db/migrations.ts (which runs them after the foundation's). */
export const areaMigrations: readonly Record<string, Migration>[] = areas.flatMap((area) =>
  area.migrations ? [area.migrations] : [],
);

/**
 * Which area reacts to which domain event (src/contracts/domain-events.ts), and how: `transaction` when it must be
 * atomic with the change, `after-commit` from the event outbox (exactly once per subscriber, surviving a restart).
 */
export const reactions: readonly Reaction[] = [
  // A postback naming a live quest and a player completes the quest's step in the postback's own transaction.
  {
    event: 'postback.stored',
    area: 'acquire',
    name: 'acquire.count-quest-step',
    mode: 'transaction',
    handle: countQuestStep,
    wants: namesLiveQuest,
  },
  // A postback of a player who started a quest adds to the player's returns (docs/acquire.md §Returns per quest).
  {
    event: 'postback.stored',
    area: 'acquire',
    name: 'acquire.quest-returns-postback',
    mode: 'transaction',
    handle: addPostbackReturns,
    wants: reachesQuestReturns,
  },
  // A charged step adds its payout to its player's cost of the quest, in the completion's transaction.
  {
    event: 'quest.step_completed',
    area: 'acquire',
    name: 'acquire.quest-returns-cost',
    mode: 'transaction',
    handle: addStepCost,
  },
  // A waiting attribution plugin is connected by its first stored postback (with a feed line), in the same transaction.
  {
    event: 'postback.stored',
    area: 'integrations',
    name: 'integrations.connect-waiting-plugin',
    mode: 'transaction',
    handle: connectWaitingPlugin,
    wants: reachesWaitingPlugin,
  },
  // An Adjust callback makes its event Active in the callback's transaction.
  {
    event: 'postback.stored',
    area: 'adjust',
    name: 'adjust.mark-event-active',
    mode: 'transaction',
    handle: markAdjustEventActive,
    wants: isAdjustCallback,
  },
  // A step completed within the quest's daily cap becomes a pending charge on the workspace's bill.
  {
    event: 'quest.step_completed',
    area: 'billing',
    name: 'billing.charge-quest-step',
    mode: 'after-commit',
    handle: chargeQuestStep,
  },
  // A quest that reached its daily cap tells the workspace's admins and editors (docs/notifications.md §Alerts).
  {
    event: 'quest.capped',
    area: 'notifications',
    name: 'notifications.alert-quest-capped',
    mode: 'after-commit',
    handle: alertQuestCapped,
  },
  // A burst of held completions (docs/acquire.md §Fraud holds) tells admins and editors.
  {
    event: 'quest.holds_burst',
    area: 'notifications',
    name: 'notifications.alert-holds-burst',
    mode: 'after-commit',
    handle: alertHoldsBurst,
  },
  // A quest near its cap, or an app spending its budget faster than the day, tells admins and editors.
  {
    event: 'quest.cap_near',
    area: 'notifications',
    name: 'notifications.alert-quest-cap-near',
    mode: 'after-commit',
    handle: alertQuestCapNear,
  },
  {
    event: 'target.budget_fast',
    area: 'notifications',
    name: 'notifications.alert-budget-fast',
    mode: 'after-commit',
    handle: alertBudgetFast,
  },
  // The target KPI below target once more players matured (Acquire's scheduled KPI check) tells admins and editors.
  {
    event: 'target.kpi_below',
    area: 'notifications',
    name: 'notifications.alert-kpi-below',
    mode: 'after-commit',
    handle: alertKpiBelow,
  },
  // Billing's runway falling below a week tells admins.
  {
    event: 'balance.ran_low',
    area: 'notifications',
    name: 'notifications.alert-runway-low',
    mode: 'after-commit',
    handle: alertRunwayLow,
  },
  // A connected attribution source silent for its threshold (the scheduler's check) tells admins and editors.
  {
    event: 'plugin.silent',
    area: 'notifications',
    name: 'notifications.alert-source-silent',
    mode: 'after-commit',
    handle: alertSourceSilent,
  },
  // A source whose health turned Degraded (the scheduler's health check) tells admins and editors.
  {
    event: 'plugin.degraded',
    area: 'notifications',
    name: 'notifications.alert-source-degraded',
    mode: 'after-commit',
    handle: alertSourceDegraded,
  },
  // A failed Process Data run tells admins and editors.
  {
    event: 'plugin.process_failed',
    area: 'notifications',
    name: 'notifications.alert-process-failed',
    mode: 'after-commit',
    handle: alertProcessFailed,
  },
  // A payment the provider could not collect tells the admins (billing is theirs).
  {
    event: 'payment.failed',
    area: 'notifications',
    name: 'notifications.alert-payment-failed',
    mode: 'after-commit',
    handle: alertPaymentFailed,
  },
  // An accepted invitation tells the admins.
  {
    event: 'member.joined',
    area: 'notifications',
    name: 'notifications.alert-invitation-accepted',
    mode: 'after-commit',
    handle: alertInvitationAccepted,
  },
  // A day of an app's data processed evaluates that app's metric alerts (docs/notifications.md §Metric alerts).
  {
    event: 'plugin.data_processed',
    area: 'notifications',
    name: 'notifications.evaluate-metric-alerts',
    mode: 'after-commit',
    handle: evaluateMetricAlerts,
  },
  // Every event becomes its activity row in the change's own transaction (last, after the reactions above changed
  // what they change): a change cannot commit without its row. Postbacks only when another reaction wanted them.
  ...DOMAIN_EVENT_NAMES.map((event) => ({
    event,
    area: 'activity',
    name: `activity.record-${event}`,
    mode: 'transaction' as const,
    handle: recordActivity,
    ...(event === 'postback.stored' ? { wants: activityWantsPostback } : {}),
  })),
] as readonly Reaction[];

/** The outbox's own tables migrate with the areas' (they are shared infrastructure, not an area). */
export const infrastructureMigrations: readonly Record<string, Migration>[] = [eventsMigrations];
