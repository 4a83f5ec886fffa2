/**
 * AppsFlyer in-app event postbacks (docs/domain.md §Attribution partners), as the postback template in the README sends
 * them (GET query or POST JSON/form), with AppsFlyer's macro names:
 *   event_name, event_value (the event's JSON, URL-encoded), event_revenue, event_revenue_currency, event_time
 *   ('YYYY-MM-DD HH:mm:ss.SSS' UTC), install_unix_ts (or install_time), advertising_id (GAID) or idfa, appsflyer_id,
 *   af_sub1..af_sub5 (echoed from the attribution link: sub1 player id, sub2 app id, sub3 quest id), ip (the device's
 *   address) and media_source (or pid), read for the fraud holds (docs/acquire.md §Fraud holds).
 * Required: event_name, event_time and a device (appsflyer_id, advertising_id or idfa). event_revenue is signed (a
 * refund is negative). A macro left unreplaced counts as absent, or refuses the postback when it is in event_name or
 * event_time. A retry of the same delivery
 * carries the same values, so its key (device, event, time, value, revenue) is the same.
 */
import { POSTBACK_VALUE_MAX } from '../../../../src/contracts/postbacks';
import {
  amount,
  currency,
  deviceId,
  keyOf,
  parsePartnerFields,
  required,
  text,
  time,
  type PostbackFields,
  type PostbackFormat,
} from '../../postbacks/index';

const advertisingIdOf = (fields: PostbackFields) => deviceId(fields, 'advertising_id') ?? deviceId(fields, 'idfa');
/** A macro left unreplaced in one of these means the template was never filled in; elsewhere it counts as absent. */
const ESSENTIAL = ['event_name', 'event_time'] as const;

export const appsflyer: PostbackFormat = {
  pluginType: 'AppsFlyer',
  parse: (raw) =>
    parsePartnerFields(
      raw,
      () => ESSENTIAL,
      (fields) => {
        const eventName = required(fields, 'event_name');
        const eventTime = time(fields, 'event_time');
        if (!eventTime) required(fields, 'event_time');
        const advertisingId = advertisingIdOf(fields);
        const appsflyerId = text(fields, 'appsflyer_id', 64);
        if (!advertisingId && !appsflyerId) required(fields, 'advertising_id');
        const value = text(fields, 'event_value', POSTBACK_VALUE_MAX);
        const revenue = amount(fields, 'event_revenue');
        const sub = (n: number) => text(fields, `af_sub${n}`) ?? text(fields, `sub${n}`);
        return {
          idempotencyKey: keyOf([appsflyerId ?? advertisingId, eventName, eventTime!.getTime(), value, revenue]),
          eventName,
          value,
          revenue,
          currency: currency(fields, 'event_revenue_currency') ?? (revenue !== null ? 'USD' : null),
          advertisingId,
          sub1: sub(1),
          sub2: sub(2),
          sub3: sub(3),
          sub4: sub(4),
          sub5: sub(5),
          installTime: time(fields, 'install_unix_ts') ?? time(fields, 'install_time'),
          eventTime,
          clientAddress: text(fields, 'ip', 64),
          mediaSource: text(fields, 'media_source') ?? text(fields, 'pid'),
        };
      },
      advertisingIdOf,
    ),
};
