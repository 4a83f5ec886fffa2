/**
 * Event detail and revenue settings (docs/integrations.md §Screens and routes "Event detail" and "Revenue Settings dialog"; §Entities Plugin event
 * monetizeMetadata; §Rules and limits revenue settings; §API endpoints save / delete revenue settings; §Messages revenue messages, in integrations.ts).
 *
 *   GET    /api/app/:appId/events/:eventId                                      → EventDetailResponse (viewer)
 *   PUT    /api/app/:appId/events/:eventId/revenue-settings  RevenueSettingsBody → SuccessResponse    (editor)
 *   DELETE /api/app/:appId/events/:eventId/revenue-settings                     → SuccessResponse    (editor)
 *
 * The parameters of an event are its export parameters (name → data type) with a sample value read from the app's
 * data, plus the export's `event_value_in_usd` column when the event carries it (Firebase puts purchase revenue there).
 */
import * as t from 'io-ts';
import { struct, nullable, line, MAX } from './codecs';
import { endpoint } from './endpoint';
import { PluginEvent, RevenueType } from './plugin';
import { RevenueSettingsParams, SuccessResponse } from './integrations';

/** The export column that holds an event's value in USD, offered as a revenue parameter when the event has it. */
export const REVENUE_VALUE_FIELD = 'event_value_in_usd';
/**
 * What counts as revenue for an event without settings (Firebase conventions, docs/domain.md): ad_impression `value` is Ads
 * revenue, in_app_purchase `event_value_in_usd` is IAP revenue. An event's settings replace its default.
 */
export const DEFAULT_REVENUE: readonly { eventName: string; type: 'ads' | 'iap' | 'other'; parameter: string }[] = [
  { eventName: 'ad_impression', type: 'ads', parameter: 'value' },
  { eventName: 'in_app_purchase', type: 'iap', parameter: REVENUE_VALUE_FIELD },
];
/** Data types a revenue parameter may have (the amount is a number). */
export const NUMERIC_DATA_TYPES: readonly string[] = ['INT64', 'FLOAT64', 'DOUBLE', 'INTEGER', 'FLOAT'];
export const isNumericType = (dataType: string) => NUMERIC_DATA_TYPES.includes(dataType);
/** A currency parameter holds a currency code: text. */
export const isCurrencyType = (dataType: string) => dataType === 'STRING';
/** The Revenue Settings dialog's choices: numbers for the revenue parameter, text for the currency one. */
export const revenueParameterChoices = <P extends { dataType: string }>(parameters: readonly P[]) => ({
  revenue: parameters.filter((p) => isNumericType(p.dataType)),
  currency: parameters.filter((p) => isCurrencyType(p.dataType)),
});

/** Our words for the server's refusals (docs/integrations.md §Messages gives only the four revenue messages). */
export const REVENUE_PARAMETER_UNKNOWN = 'The event has no such parameter.';
export const REVENUE_PARAMETER_NOT_NUMBER = 'The revenue parameter must be a number.';
export const CURRENCY_PARAMETER_NOT_TEXT = 'The currency parameter must be a text (STRING) parameter.';

export const EventParameter = struct(
  { name: t.string, dataType: t.string, sample: nullable(t.string) },
  {},
  'EventParameter',
);
export type EventParameter = t.TypeOf<typeof EventParameter>;
export const EventDetailResponse = struct(
  { success: t.boolean, event: PluginEvent, parameters: t.array(EventParameter) },
  {},
  'EventDetailResponse',
);
export type EventDetailResponse = t.TypeOf<typeof EventDetailResponse>;

/** Save revenue settings body: {revenueEp, revenueType, currencyEp} (docs/integrations.md §Rules and limits, each required; bounded here). */
export const RevenueSettingsBody = struct(
  { revenueEp: line(MAX.name), revenueType: RevenueType, currencyEp: line(MAX.name) },
  {},
  'RevenueSettingsBody',
);
export type RevenueSettingsBody = t.TypeOf<typeof RevenueSettingsBody>;

export const revenueSettingsEndpoints = {
  eventDetail: endpoint({
    method: 'GET',
    path: '/api/app/:appId/events/:eventId',
    params: RevenueSettingsParams,
    response: EventDetailResponse,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/app/:appId/events/:eventId/revenue-settings',
    params: RevenueSettingsParams,
    body: RevenueSettingsBody,
    response: SuccessResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/app/:appId/events/:eventId/revenue-settings',
    params: RevenueSettingsParams,
    response: SuccessResponse,
  }),
};
