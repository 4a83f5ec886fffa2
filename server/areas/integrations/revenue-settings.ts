/**
 * Event detail and revenue settings (docs/integrations.md §Screens and routes event detail and Revenue Settings dialog, §Entities monetizeMetadata,
 * §Rules and limits revenue settings, §API endpoints save / delete revenue settings). An event's parameters come with a sample value read from
 * the app's raw Firebase export (bound values; no identifier comes from input). Settings are rows of
 * revenue_settings; saving one checks that both parameters exist on the event and that the revenue parameter is a
 * number, and every change rebuilds the app's daily metrics, so Analyze's revenue metrics count what the settings
 * say (server/analytics/event-store.ts RevenueRule).
 */
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf, type FieldChange } from '../../../src/contracts/domain-events';
import type { PluginEvent, PluginType } from '../../../src/contracts/plugin';
import { validateRevenueSettings } from '../../../src/contracts/integrations';
import {
  CURRENCY_PARAMETER_NOT_TEXT,
  REVENUE_PARAMETER_NOT_NUMBER,
  REVENUE_PARAMETER_UNKNOWN,
  REVENUE_VALUE_FIELD,
  isCurrencyType,
  isNumericType,
  type EventParameter,
  type RevenueSettingsBody,
} from '../../../src/contracts/revenue-settings';
import type { RevenueRule } from '../../analytics/event-store';
import { invalid, notFound } from '../../errors';

/** The event, when it belongs to a plugin of the app (another app's or workspace's events do not exist here). */
async function eventOfApp(ctx: ServerContext, appId: string, eventId: string) {
  const row = await ctx.db
    .selectFrom('plugin_events')
    .innerJoin('plugins', 'plugins.id', 'plugin_events.plugin_id')
    .leftJoin('revenue_settings', 'revenue_settings.event_id', 'plugin_events.id')
    .select([
      'plugin_events.id',
      'plugin_events.event_name',
      'plugin_events.status',
      'plugin_events.event_params',
      'plugin_events.last_received_at',
      'revenue_settings.revenue_ep',
      'revenue_settings.revenue_type',
      'revenue_settings.currency_ep',
    ])
    .where('plugin_events.id', '=', eventId)
    .where('plugins.app_id', '=', appId)
    .executeTakeFirst();
  if (!row) throw notFound('Event');
  return row;
}

type SettingsColumns = {
  revenue_ep: string | null;
  revenue_type: 'ads' | 'iap' | 'other' | null;
  currency_ep: string | null;
};
/** docs/integrations.md §Entities monetizeMetadata of an event row joined with its settings (null when it has none). */
export const monetizeMetadataOf = (row: SettingsColumns): PluginEvent['monetizeMetadata'] =>
  row.revenue_ep && row.revenue_type && row.currency_ep
    ? { revenueEp: row.revenue_ep, revenueType: row.revenue_type, currencyEp: row.currency_ep }
    : null;

/** The latest sample of each parameter of the event in the app's raw export, and of its event_value_in_usd. */
async function samples(
  ctx: ServerContext,
  appId: string,
  eventName: string,
): Promise<{ params: Map<string, string>; valueInUsd: string | null }> {
  const analytics = ctx.providers.analytics;
  if (!analytics) return { params: new Map(), valueInUsd: null };
  return (await analytics.storeFor(appId)).parameterSamples(appId, eventName);
}

/** The event's parameters (name, data type, sample), event_value_in_usd last when the event carries it. */
async function parametersOf(
  ctx: ServerContext,
  appId: string,
  eventName: string,
  declared: Record<string, string>,
): Promise<EventParameter[]> {
  const found = await samples(ctx, appId, eventName);
  const parameters = Object.entries(declared)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dataType]) => ({ name, dataType, sample: found.params.get(name) ?? null }));
  if (found.valueInUsd !== null && !(REVENUE_VALUE_FIELD in declared))
    parameters.push({ name: REVENUE_VALUE_FIELD, dataType: 'FLOAT64', sample: found.valueInUsd });
  return parameters;
}

/** docs/integrations.md §Screens and routes event detail: the event (with its revenue settings) and its parameters read from the data. */
export async function eventDetail(ctx: ServerContext, appId: string, eventId: string) {
  const row = await eventOfApp(ctx, appId, eventId);
  const event: PluginEvent = {
    id: row.id,
    eventName: row.event_name,
    status: row.status,
    event_params: row.event_params,
    lastReceivedAt: Number(row.last_received_at),
    monetizeMetadata: monetizeMetadataOf(row),
  };
  return { event, parameters: await parametersOf(ctx, appId, row.event_name, row.event_params) };
}

/** The app's revenue rules for the analytics rebuild, the latest setting first (it wins for a repeated event name). */
export async function revenueRules(ctx: ServerContext, appId: string): Promise<RevenueRule[]> {
  const rows = await ctx.db
    .selectFrom('revenue_settings')
    .select(['event_name', 'revenue_type', 'revenue_ep'])
    .where('app_id', '=', appId)
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map((row) => ({ eventName: row.event_name, type: row.revenue_type, parameter: row.revenue_ep }));
}

/** One event's revenue settings as the health line's revenue check reads them: its source and the parameters named. */
export interface RevenueSettingRef {
  source: PluginType;
  eventName: string;
  revenueEp: string;
  currencyEp: string;
}

/** The app's revenue settings with the source (plugin type) of each event. */
export async function revenueSettingsFor(ctx: ServerContext, appId: string): Promise<RevenueSettingRef[]> {
  const rows = await ctx.db
    .selectFrom('revenue_settings')
    .innerJoin('plugin_events', 'plugin_events.id', 'revenue_settings.event_id')
    .innerJoin('plugins', 'plugins.id', 'plugin_events.plugin_id')
    .select([
      'plugins.type',
      'revenue_settings.event_name',
      'revenue_settings.revenue_ep',
      'revenue_settings.currency_ep',
    ])
    .where('revenue_settings.app_id', '=', appId)
    .orderBy('revenue_settings.event_name')
    .execute();
  return rows.map((row) => ({
    source: row.type as PluginType,
    eventName: row.event_name,
    revenueEp: row.revenue_ep,
    currencyEp: row.currency_ep,
  }));
}

/**
 * Rebuilds the app's daily metrics on the embedded engine when it has processed data there; the rules are read when
 * the rebuild's turn comes (the store runs one app's rebuilds one after another), so the last one counts the latest.
 */
export async function applyRevenueSettings(ctx: ServerContext, appId: string): Promise<void> {
  const analytics = ctx.providers.analytics;
  const store = analytics && (await analytics.storeFor(appId));
  if (!store || !(await store.dataRange(appId))) return;
  await store.rebuildDailyUserMetrics(appId, () => revenueRules(ctx, appId));
}

/** Both parameters must be parameters of the event, the revenue one a number, the currency one text. */
async function checkParameters(
  ctx: ServerContext,
  appId: string,
  eventName: string,
  declared: Record<string, string>,
  body: RevenueSettingsBody,
) {
  const errors = validateRevenueSettings(body);
  const [field] = Object.keys(errors);
  if (field) throw invalid(`${field}: ${errors[field]}`, [field]);
  const parameters = await parametersOf(ctx, appId, eventName, declared);
  const typeOf = (name: string) => parameters.find((p) => p.name === name)?.dataType;
  for (const field of ['revenueEp', 'currencyEp'] as const) {
    if (!typeOf(body[field])) throw invalid(REVENUE_PARAMETER_UNKNOWN, [field], 'unknown_parameter');
  }
  if (!isNumericType(typeOf(body.revenueEp)!))
    throw invalid(REVENUE_PARAMETER_NOT_NUMBER, ['revenueEp'], 'revenue_not_number');
  if (!isCurrencyType(typeOf(body.currencyEp)!))
    throw invalid(CURRENCY_PARAMETER_NOT_TEXT, ['currencyEp'], 'currency_not_text');
}

/** docs/integrations.md §API endpoints save revenue settings: creates or replaces the event's settings, then recounts the app's revenue. */
export async function saveRevenueSettings(
  ctx: ServerContext,
  appId: string,
  eventId: string,
  accountId: string,
  body: RevenueSettingsBody,
) {
  const event = await eventOfApp(ctx, appId, eventId);
  await checkParameters(ctx, appId, event.event_name, event.event_params, body);
  const values = {
    revenue_type: body.revenueType,
    revenue_ep: body.revenueEp,
    currency_ep: body.currencyEp,
    updated_by: accountId,
    updated_at: ctx.now(),
  };
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .insertInto('revenue_settings')
      .values({ event_id: eventId, app_id: appId, event_name: event.event_name, ...values })
      .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
      .execute();
    const before = event.revenue_type
      ? { revenueType: event.revenue_type, revenueEp: event.revenue_ep, currencyEp: event.currency_ep }
      : null;
    await emitRevenueSettings(
      tx,
      'revenue_settings.saved',
      appId,
      eventId,
      event.event_name,
      changesOf(before, body, REVENUE_FIELDS),
    );
  });
  await applyRevenueSettings(ctx, appId);
}

const REVENUE_FIELDS = ['revenueType', 'revenueEp', 'currencyEp'] as const;

/** The activity of a revenue settings change (no event when nothing changed). */
async function emitRevenueSettings(
  tx: ServerContext,
  name: 'revenue_settings.saved' | 'revenue_settings.removed',
  appId: string,
  eventId: string,
  eventName: string,
  changes: FieldChange[],
) {
  if (changes.length === 0) return;
  const app = await tx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow();
  await emit(tx, name, { workspaceId: app.workspace_id, appId, eventId, eventName, changes });
}

/** docs/integrations.md §API endpoints delete revenue settings: the event counts by the defaults again. */
export async function deleteRevenueSettings(ctx: ServerContext, appId: string, eventId: string) {
  const event = await eventOfApp(ctx, appId, eventId);
  await inTransaction(ctx, async (tx) => {
    const deleted = await tx.db.deleteFrom('revenue_settings').where('event_id', '=', eventId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound('Revenue settings');
    const before = { revenueType: event.revenue_type, revenueEp: event.revenue_ep, currencyEp: event.currency_ep };
    await emitRevenueSettings(
      tx,
      'revenue_settings.removed',
      appId,
      eventId,
      event.event_name,
      changesOf(before, null, REVENUE_FIELDS),
    );
  });
  await applyRevenueSettings(ctx, appId);
}
