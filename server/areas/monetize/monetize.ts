/**
 * Monetize (docs/monetize.md §Entities Monetize campaign and Target condition, §Campaign states Monetize on/off, §Rules and limits Monetize validation,
 * §Roles allowMonetize, §API endpoints Monetize calls): one ads campaign per app, its rules enforced here whatever the client sent,
 * and the "Beyond" audience estimate.
 *
 * - Every call needs the app's workspace to have allowMonetize = 1 (403 'Monetize is not enabled…' otherwise); writes
 *   need an editor (403 access_missing_role_for_action for a viewer); a caller outside the workspace gets 404. docs/monetize.md §API endpoints
 *   gives the write paths without the app in them, so these checks are made here (`authorize`), not by the route.
 * - A campaign is validated with the form's own rules (monetize-rules.ts validateMonetizeCampaign: docs/monetize.md §Rules and limits, our
 *   condition vocabulary and the prices, a minimum accepted price never above the reference one), against the app's
 *   event source: an event condition whose source or event is not the current one is refused with docs/monetize.md §Messages' 'Active
 *   event source has been changed…'. Countries must be supported ones, traffic apps other apps of the same workspace.
 *   The 400 says the first problem in the form's words (a condition's prefixed with its number) and names every field.
 * - One campaign per app: a unique index turns two racing creates into one row and a 409.
 * - The estimate counts the players of the last ESTIMATE_DAYS days (UTC) matching the conditions with the analytics
 *   engine of the app's Analyze plugin (server/analytics/audience.ts); without data it answers success false.
 */
import type { Selectable } from 'kysely';
import type { MonetizeCampaignsTable } from './schema';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { ROLE_RANK, type Role } from '../../../src/contracts/codecs';
import { addDays, utcToday } from '../../../src/contracts/analyze';
import {
  ESTIMATE_DAYS,
  EVENT_SOURCE_CHANGED,
  MONETIZE_MESSAGES,
  paramDataType,
  toMonetizeForm,
  type ConditionDataType,
  type MonetizeCampaign,
  type MonetizeCampaignInput,
  type MonetizeEstimateResponse,
  type MonetizeEvent,
  type TargetCondition,
} from '../../../src/contracts/monetize';
import { validateMonetizeCampaign } from '../../../src/contracts/monetize-rules';
import { newId } from '../../auth/crypto';
import { SUPPORTED_COUNTRIES } from '../../../src/contracts/countries';
import { analyzePluginOf } from '../apps/index';
import { DomainError, conflict, forbidden, invalid, isUniqueViolation, notFound, unavailable } from '../../errors';
import { ReportInputError } from '../../analytics/compiler';
import { QueryTimeoutError } from '../../analytics/event-store';
import { compileAudience, countAudience } from '../../analytics/audience';
import { JsonTextList, readJson, writeJson } from '../../db/json-column';
import { TargetConditions } from './schema';
import { eventSourcePluginOf, pluginEventsOf } from '../integrations/index';

type CampaignRow = Selectable<MonetizeCampaignsTable>;
/** Who calls: the signed-in account (the route passes its caller). */
export interface Caller {
  accountId: string;
}

// ------------------------------------------------------------------------------------------------ access

/**
 * The caller may use Monetize on this app with at least `role`: a member of its workspace (else 404 'App not found.'),
 * whose workspace allows Monetize (else 403), with the role (else 403 access_missing_role_for_action).
 */
export async function authorize(ctx: ServerContext, caller: Caller, appId: string, role: Role): Promise<void> {
  const row = await ctx.db
    .selectFrom('apps')
    .innerJoin('workspaces', 'workspaces.id', 'apps.workspace_id')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.workspace_id', '=', 'apps.workspace_id')
        .on('memberships.account_id', '=', caller.accountId),
    )
    .select(['memberships.role', 'workspaces.allow_monetize'])
    .where('apps.id', '=', appId)
    .executeTakeFirst();
  if (!row) throw notFound('App');
  if (row.allow_monetize !== 1) throw forbidden(MONETIZE_MESSAGES.notAllowed, 'monetize_not_allowed');
  if (ROLE_RANK[row.role] < ROLE_RANK[role]) throw forbidden();
}

const toCampaign = (row: CampaignRow): MonetizeCampaign => ({
  id: row.id,
  appId: row.app_id,
  refPublicPrice: row.ref_public_price,
  minAcceptedPrice: row.min_accepted_price,
  sendTrafficToAppIds: readJson(
    JsonTextList,
    'monetize_campaigns.send_traffic_to_app_ids',
    row.send_traffic_to_app_ids,
  ),
  countries: readJson(JsonTextList, 'monetize_campaigns.countries', row.countries),
  targetConditions: readJson(TargetConditions, 'monetize_campaigns.target_conditions', row.target_conditions),
  status: row.status,
});

async function campaignRow(ctx: ServerContext, id: string): Promise<CampaignRow | undefined> {
  return ctx.db.selectFrom('monetize_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function campaignOf(ctx: ServerContext, appId: string): Promise<MonetizeCampaign | null> {
  const row = await ctx.db.selectFrom('monetize_campaigns').selectAll().where('app_id', '=', appId).executeTakeFirst();
  return row ? toCampaign(row) : null;
}

// ------------------------------------------------------------------------------------------------ event source

export interface EventSource {
  source: { id: string; type: string } | null;
  events: MonetizeEvent[];
}

/** The app's event source (the contract header's rule): its active plugin, else its first plugin with events. */
export async function eventSourceOf(ctx: ServerContext, appId: string): Promise<EventSource> {
  const app = await ctx.db.selectFrom('apps').select('details').where('id', '=', appId).executeTakeFirst();
  const active = (app?.details as Record<string, unknown> | undefined)?.activePluginId;
  const plugin = await eventSourcePluginOf(ctx, appId, typeof active === 'string' ? active : null);
  if (!plugin) return { source: null, events: [] };
  const rows = await pluginEventsOf(ctx, plugin.id);
  return {
    source: { id: plugin.id, type: plugin.type },
    events: rows.map((row) => ({
      id: row.id,
      eventName: row.event_name,
      params: Object.fromEntries(
        Object.entries(row.event_params ?? {}).map(([name, type]) => [name, paramDataType(String(type))]),
      ),
    })),
  };
}

// ------------------------------------------------------------------------------------------------ validation

/** The form's rules, against the app's event source and workspace; 400 naming every bad field. */
async function validate(ctx: ServerContext, input: MonetizeCampaignInput): Promise<void> {
  const { source, events } = await eventSourceOf(ctx, input.appId);
  const form = { ...toMonetizeForm({ ...input, id: '' }, input.appId), minAcceptedPrice: input.minAcceptedPrice };
  const context = { activeEventSource: source?.id ?? null, activeEventIds: events.map((e) => e.id) };
  const paramsOf = (c: { eventId?: unknown }): Record<string, ConditionDataType> | undefined =>
    events.find((e) => e.id === c.eventId)?.params;
  const errors = validateMonetizeCampaign(form, context, paramsOf);
  const unsupported = input.countries.filter((c) => !SUPPORTED_COUNTRIES.includes(c));
  if (unsupported.length > 0) errors.countries ??= `These countries are not supported: ${unsupported.join(', ')}.`;
  if (input.sendTrafficToAppIds.length > 0) {
    const app = await ctx.db
      .selectFrom('apps')
      .select('workspace_id')
      .where('id', '=', input.appId)
      .executeTakeFirstOrThrow();
    const known = await ctx.db
      .selectFrom('apps')
      .select('id')
      .where('workspace_id', '=', app.workspace_id)
      .where('id', 'in', input.sendTrafficToAppIds)
      .execute();
    const unknown = input.sendTrafficToAppIds.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length > 0) errors.sendTrafficToAppIds ??= 'Choose apps of this workspace to send traffic to.';
  }
  refuseIfAny(errors);
}

/** 400 with the first problem in the form's words (a condition's prefixed with its number), naming every field. */
function refuseIfAny(errors: Record<string, string>): void {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const first = fields[0]!;
  const message = errors[first]!;
  const condition = /^targetConditions\.(\d+)\./.exec(first);
  throw invalid(
    condition && message !== EVENT_SOURCE_CHANGED ? `Condition ${Number(condition[1]) + 1}: ${message}` : message,
    fields,
  );
}

const columns = (input: MonetizeCampaignInput) => ({
  ref_public_price: input.refPublicPrice,
  min_accepted_price: input.minAcceptedPrice ?? null,
  send_traffic_to_app_ids: writeJson(JsonTextList, [...new Set(input.sendTrafficToAppIds)]),
  countries: writeJson(JsonTextList, [...new Set(input.countries)]),
  target_conditions: writeJson(TargetConditions, input.targetConditions),
  status: input.status,
});

// ------------------------------------------------------------------------------------------------ calls

export async function createCampaign(
  ctx: ServerContext,
  caller: Caller,
  input: MonetizeCampaignInput,
): Promise<MonetizeCampaign> {
  await authorize(ctx, caller, input.appId, 'editor');
  await validate(ctx, input);
  const id = newId();
  try {
    await inTransaction(ctx, async (tx) => {
      await tx.db
        .insertInto('monetize_campaigns')
        .values({ id, app_id: input.appId, ...columns(input), updated_by: caller.accountId })
        .execute();
      await emitMonetize(tx, id, null, { ...input, id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MONETIZE_MESSAGES.exists, 'monetize_exists');
    throw error;
  }
  return toCampaign((await campaignRow(ctx, id))!);
}

/** The campaign by id, for a caller allowed `role` on its app (404 for anyone else, as for a missing one). */
async function ownedCampaign(ctx: ServerContext, caller: Caller, id: string, role: Role): Promise<CampaignRow> {
  const row = await campaignRow(ctx, id);
  if (!row) throw notFound('Monetize campaign');
  try {
    await authorize(ctx, caller, row.app_id, role);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') throw notFound('Monetize campaign');
    throw error;
  }
  return row;
}

export async function updateCampaign(
  ctx: ServerContext,
  caller: Caller,
  input: MonetizeCampaign,
): Promise<MonetizeCampaign> {
  const row = await ownedCampaign(ctx, caller, input.id, 'editor');
  if (row.app_id !== input.appId) throw invalid("appId must be the campaign's app", ['appId']);
  await validate(ctx, input);
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable('monetize_campaigns')
      .set({ ...columns(input), updated_by: caller.accountId, updated_at: tx.now() })
      .where('id', '=', row.id)
      .execute();
    await emitMonetize(tx, row.id, toCampaign(row), input);
  });
  return toCampaign((await campaignRow(ctx, row.id))!);
}

/** The Monetize settings the activity log compares (docs/activity.md). */
const MONETIZE_FIELDS = [
  'status',
  'refPublicPrice',
  'minAcceptedPrice',
  'countries',
  'sendTrafficToAppIds',
  'targetConditions',
] as const;

/**
 * Monetize's activity: turned on or off when its status changed (with any other field saved at once), else its
 * settings saved; removed when `after` is null. A save that changes nothing writes no event.
 */
async function emitMonetize(
  tx: ServerContext,
  campaignId: string,
  before: MonetizeCampaign | null,
  after: MonetizeCampaign | null,
) {
  const appId = (after ?? before)!.appId;
  const changes = changesOf(before, after, MONETIZE_FIELDS);
  if (changes.length === 0) return;
  const name =
    after === null
      ? 'monetize.removed'
      : before && before.status !== after.status
        ? after.status === 'LIVE'
          ? 'monetize.turned_on'
          : 'monetize.turned_off'
        : 'monetize.settings_saved';
  const app = await tx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow();
  await emit(tx, name, { workspaceId: app.workspace_id, appId, campaignId, changes });
}

export async function removeCampaign(ctx: ServerContext, caller: Caller, id: string): Promise<void> {
  const row = await ownedCampaign(ctx, caller, id, 'editor');
  await inTransaction(ctx, async (tx) => {
    await tx.db.deleteFrom('monetize_campaigns').where('id', '=', row.id).execute();
    await emitMonetize(tx, row.id, toCampaign(row), null);
  });
}

// ------------------------------------------------------------------------------------------------ estimate

/** "Beyond": players of the last ESTIMATE_DAYS days (UTC, up to today) matching the conditions. */
export async function estimateAudience(
  ctx: ServerContext,
  appId: string,
  conditions: readonly TargetCondition[],
): Promise<MonetizeEstimateResponse> {
  const { source, events } = await eventSourceOf(ctx, appId);
  const form = toMonetizeForm(null, appId);
  const probe = { ...form, countries: ['US'], displayQuestTo: 'some' as const, targetConditions: [...conditions] };
  const paramsOf = (c: { eventId?: unknown }) => events.find((e) => e.id === c.eventId)?.params;
  if (conditions.length > 0)
    refuseIfAny(
      validateMonetizeCampaign(
        probe,
        { activeEventSource: source?.id ?? null, activeEventIds: events.map((e) => e.id) },
        paramsOf,
      ),
    );

  const analytics = ctx.providers.analytics;
  if (!analytics) throw unavailable('Analytics is not available on this server.', 'analytics_unavailable');
  const plugin = await analyzePluginOf(ctx, appId);
  if (!plugin) return { success: false, reason: MONETIZE_MESSAGES.noAnalytics };
  const to = utcToday(ctx.now());
  const from = addDays(to, -(ESTIMATE_DAYS - 1));
  try {
    const engine = await analytics.engineFor(plugin);
    const compiled = compileAudience({ appId, conditions, from, to });
    const [row] = await engine.run(compiled, countAudience(engine.render(compiled)));
    return { success: true, players: Number(row?.players ?? 0), total: Number(row?.total ?? 0), from, to };
  } catch (error) {
    if (error instanceof ReportInputError) return { success: false, reason: error.message };
    if (error instanceof QueryTimeoutError) return { success: false, reason: error.message };
    throw error;
  }
}
