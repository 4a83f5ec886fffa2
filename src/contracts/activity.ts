/**
 * The activity log (docs/activity.md): who changed what, when, in a workspace. One entry per domain event
 * (src/contracts/domain-events.ts), written in the change's own transaction; read here page by page (a cursor,
 * 50 entries), filtered by app, area, person, verb, date range and object name, and exported as CSV by the SPA
 * (src/lib/exports.ts, formula-safe).
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX, WorkspaceParams } from './codecs';
import { endpoint } from './endpoint';
import { isIsoDate } from './analyze';
import { DOMAIN_EVENTS, EVENT_AREAS, FieldChanges } from './domain-events';

/** docs/activity.md §Rules and limits: entries per page, and at most this many in one CSV download. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_EXPORT_LIMIT = 10_000;
/** Default retention (ACTIVITY_DAYS): entries older than this many days are pruned by a daily job. */
export const ACTIVITY_DEFAULT_DAYS = 400;
/** The name shown as "who" for Questboard's own changes (the scheduler, jobs, a partner's postbacks). */
export const QUESTBOARD_ACTOR = 'Questboard';
/** The longest object-name search text. */
export const ACTIVITY_SEARCH_MAX = 100;

/** The verbs (event names) and areas the filters accept: a value not listed is answered 400 naming the accepted ones. */
export const ActivityVerb = t.keyof(
  Object.fromEntries(Object.keys(DOMAIN_EVENTS).map((name) => [name, null])) as Record<
    keyof typeof DOMAIN_EVENTS,
    null
  >,
  'ActivityVerb',
);
export type ActivityVerb = t.TypeOf<typeof ActivityVerb>;
export const ActivityArea = t.keyof(
  Object.fromEntries(EVENT_AREAS.map((area) => [area, null])) as Record<(typeof EVENT_AREAS)[number], null>,
  'ActivityArea',
);
export type ActivityArea = t.TypeOf<typeof ActivityArea>;

/** A calendar day, YYYY-MM-DD (UTC): the date range's ends, both inclusive. */
export const ActivityDay = new t.Type<string, string, unknown>(
  'ActivityDay',
  (u): u is string => isIsoDate(u),
  (u, c) => (isIsoDate(u) ? t.success(u) : t.failure(u, c, 'must be a date written YYYY-MM-DD')),
  t.identity,
);

/**
 * The entries Questboard writes by the hundred on a busy day — a postback stored, a quest step completed, its charge
 * recorded — which the activity page leaves out until asked, so people's changes are not buried
 * (docs/activity.md §Screens and routes).
 */
export const ROUTINE_VERBS = [
  'postback.stored',
  'quest.step_completed',
  'charge.recorded',
] as const satisfies readonly ActivityVerb[];

export const ActivityQuery = struct(
  {},
  {
    app: Id,
    area: ActivityArea,
    /** An account id, or `questboard` for Questboard's own changes. */
    person: Id,
    verb: ActivityVerb,
    /** Every verb but this one (a quest's History leaves its step completions out until asked). */
    exceptVerb: ActivityVerb,
    /** `hide`: without the routine entries (ROUTINE_VERBS), unless `verb` names one (the activity page's default). */
    routine: t.keyof({ hide: null }, 'ActivityRoutine'),
    from: ActivityDay,
    to: ActivityDay,
    /** Text searched in object names (case-insensitive). */
    q: line(ACTIVITY_SEARCH_MAX),
    /** One object's history: its type and id (a quest's History tab, a report's "Changed by"). */
    objectType: line(MAX.label),
    objectId: Id,
    /** The cursor of the next page, as the previous page answered it. */
    cursor: line(MAX.token),
  },
);
export type ActivityQuery = t.TypeOf<typeof ActivityQuery>;
/** The `person` filter's value for Questboard's own changes. */
export const QUESTBOARD_PERSON = 'questboard';

export const ActivityEntry = struct({
  id: t.string,
  /** When it happened, ISO 8601. */
  at: t.string,
  actor: struct({ accountId: nullable(t.string), name: t.string }),
  area: t.string,
  verb: t.string,
  appId: nullable(t.string),
  object: struct({ type: t.string, id: t.string, name: t.string }),
  /** Fields before → after, secrets masked. */
  changes: FieldChanges,
});
export type ActivityEntry = t.TypeOf<typeof ActivityEntry>;

export const ActivityPage = struct({
  success: t.literal(true),
  entries: t.array(ActivityEntry),
  nextCursor: nullable(t.string),
});
export type ActivityPage = t.TypeOf<typeof ActivityPage>;

export const activityEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/activity',
    params: WorkspaceParams,
    query: ActivityQuery,
    response: ActivityPage,
  }),
  /** Every entry the filters match, newest first, up to ACTIVITY_EXPORT_LIMIT: the SPA writes them as CSV. */
  export: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/activity/export',
    params: WorkspaceParams,
    query: ActivityQuery,
    response: ActivityPage,
  }),
};

// ------------------------------------------------------------------------------------------------ words

/** What a verb reads as in the table ("published quest"); the verb itself where none is written. */
export const VERB_LABELS: Record<ActivityVerb, string> = {
  'quest.step_completed': 'completed a quest step',
  'quest.published': 'published quest',
  'quest.capped': 'capped quest',
  'quest.completion_held': 'held a completion of quest',
  'quest.completion_released': 'released a held completion of quest',
  'quest.completion_rejected': 'rejected a held completion of quest',
  'quest.holds_burst': 'saw a burst of held completions in',
  'quest.cap_near': 'projected the cap of quest',
  'target.budget_fast': 'saw the daily budget spent faster than the day in',
  'target.kpi_below': 'saw the target KPI below target in',
  'charge.recorded': 'recorded a charge',
  'balance.ran_low': 'saw the runway fall low of',
  'postback.stored': 'received a postback',
  'quest.draft_saved': 'saved quest draft',
  'quest.stopped': 'stopped quest',
  'quest.restarted': 'restarted quest',
  'quest.draft_discarded': 'discarded the draft of quest',
  'quest.deleted': 'deleted quest',
  'target.changed': 'changed target settings',
  'plugin.connected': 'connected plugin',
  'plugin.disconnected': 'disconnected plugin',
  'plugin.created': 'added plugin',
  'plugin.updated': 'updated plugin',
  'plugin.deleted': 'deleted plugin',
  'plugin.processed': 'ran Process Data for',
  'app.version_seen': 'first saw app version',
  'plugin.process_failed': 'Process Data failed for',
  'plugin.silent': 'nothing new from',
  'plugin.degraded': 'health turned Degraded for',
  'plugin.data_processed': 'finished processing the data of',
  'credential.renamed': 'renamed credential',
  'credential.refreshed': 'checked credential',
  'credential.revoked': 'revoked credential',
  'revenue_settings.saved': 'saved revenue settings of',
  'revenue_settings.removed': 'removed revenue settings of',
  'monetize.turned_on': 'turned on',
  'monetize.turned_off': 'turned off',
  'monetize.settings_saved': 'saved settings of',
  'monetize.removed': 'removed',
  'app.settings_changed': 'changed settings of',
  'catalogue_item.added': 'added catalogue item',
  'catalogue_item.updated': 'changed catalogue item',
  'catalogue_item.removed': 'removed catalogue item',
  'app.added': 'added app',
  'app.switched': 'switched app',
  'member.invited': 'invited member',
  'member.role_changed': 'changed role of',
  'member.removed': 'removed member',
  'member.joined': 'joined the workspace:',
  'report.saved': 'saved report',
  'report.deleted': 'deleted report',
  'payment_method.added': 'added payment method',
  'payment_method.removed': 'removed payment method',
  'payment_method.made_default': 'made default payment method',
  'promo_code.redeemed': 'redeemed promo code',
  'deep_link.updated': 'changed deep link',
  'payment.failed': 'payment failed for invoice',
  'api_key.created': 'created API key',
  'api_key.revoked': 'revoked API key',
  'workspace.settings_changed': 'changed workspace settings',
  'workspace.created': 'created workspace',
  'webhook.created': 'added webhook',
  'webhook.changed': 'changed webhook',
  'webhook.deleted': 'deleted webhook',
  // accounts
  'account.profile_changed': 'changed the name of account',
  'account.email_changed': 'changed the email of account',
  'account.password_changed': 'changed the password of account',
  'account.password_reset': 'reset the password of account',
  'account.sessions_signed_out': 'signed out sessions of account',
  'account.signed_up': 'signed up and created the workspace with account',
  'account.two_factor_enabled': 'turned on two-factor sign-in of account',
  'account.two_factor_disabled': 'turned off two-factor sign-in of account',
  'account.google_linked': 'linked a Google account to account',
  'account.google_unlinked': 'unlinked the Google account of account',
};

/** The CSV download's columns (docs/activity.md §CSV). */
export const ACTIVITY_CSV_HEADER = [
  'When (UTC)',
  'Who',
  'Area',
  'Verb',
  'Object type',
  'Object',
  'App',
  'Field',
  'Before',
  'After',
] as const;
export const ACTIVITY_CSV_FILE_NAME = 'activity.csv';
