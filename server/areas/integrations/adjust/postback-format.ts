/**
 * Adjust partner callbacks (docs/domain.md §Attribution partners; docs/postbacks.md: "Adjust callbacks arrive on the same kind of
 * postback endpoint, with Adjust's placeholders, mapped to the events file's names"), GET query or POST body, as the
 * callback template on the Adjust tab asks Adjust to send them:
 *   activity_kind={activity_kind}  `event` (an in-app event) or `install` (stored as the event `install`: installs
 *                                  start acquisition and ROAS cohorts); sessions and others are refused with the reason
 *   event={event}                  the event token (6+ lowercase letters or digits), mapped to its name in the app's
 *                                  events file by `resolve` (a token not in the file is refused, so the log says why)
 *   revenue={revenue}              revenue in cents, signed (a refund is negative; stored in units); currency={currency}
 *   adid={adid} gps_adid={gps_adid} idfa={idfa}   Adjust's device id and the advertising id (one of them required)
 *   created_at={created_at}        the event's Unix time (required); installed_at={installed_at}
 *   sub1..sub5                     callback parameters echoed from the link (sub1 player id, sub2 app id, sub3 quest id)
 * A placeholder Adjust left unreplaced ('{idfa}' on Android) counts as absent; one in activity_kind, created_at or (for an
 * event) event means nobody filled the template in, refused as such. A retried callback carries the same device,
 * token, time and revenue, so its idempotency key is the same.
 */
import { ADJUST_EVENT_TOKEN } from '../../../../src/contracts/integrations';
import { adjustCallbackTemplate } from '../../../../src/contracts/adjust';
import type { ServerContext } from '../../../context';
import type { AdjustTables } from './migrations';
import {
  amount,
  currency,
  deviceId,
  INSTALL_EVENT,
  keyOf,
  parsePartnerFields,
  PostbackRefusal,
  required,
  text,
  time,
  type NormalizedPostback,
  type PostbackFields,
  type PostbackFormat,
} from '../../postbacks/index';

const advertisingIdOf = (fields: PostbackFields) => deviceId(fields, 'gps_adid') ?? deviceId(fields, 'idfa');

/** The fields without which a callback is nothing: a placeholder in one means the template was never filled in. */
const essential = (raw: PostbackFields) => [
  'activity_kind',
  'created_at',
  ...(raw.activity_kind?.trim() === INSTALL_EVENT ? [] : ['event']),
];

function read(fields: PostbackFields): NormalizedPostback {
  const activity = text(fields, 'activity_kind', 32) ?? 'event';
  if (activity !== 'event' && activity !== INSTALL_EVENT)
    throw new PostbackRefusal(`activity_kind ${activity} is neither an in-app event nor an install`);
  const install = activity === INSTALL_EVENT;
  const token = install ? null : required(fields, 'event', 32);
  if (token !== null && !ADJUST_EVENT_TOKEN.test(token))
    throw new PostbackRefusal('event is not an Adjust event token');
  const createdAt = time(fields, 'created_at') ?? (required(fields, 'created_at') as never);
  const advertisingId = advertisingIdOf(fields);
  const adid = deviceId(fields, 'adid');
  if (!advertisingId && !adid) required(fields, 'adid');
  const cents = install ? null : amount(fields, 'revenue');
  const revenue = cents === null ? null : Math.round(cents) / 100;
  const sub = (n: number) => text(fields, `sub${n}`);
  return {
    idempotencyKey: keyOf(['adjust', adid ?? advertisingId, token ?? INSTALL_EVENT, createdAt.getTime(), cents]),
    eventName: token ?? INSTALL_EVENT,
    // An event's token (named from the events file by `resolve`); an install has none.
    value: token,
    revenue,
    currency: install ? null : (currency(fields, 'currency') ?? (revenue !== null ? 'USD' : null)),
    advertisingId: advertisingId ?? adid,
    sub1: sub(1),
    sub2: sub(2),
    sub3: sub(3),
    sub4: sub(4),
    sub5: sub(5),
    installTime: time(fields, 'installed_at') ?? (install ? createdAt : null),
    eventTime: createdAt,
    clientAddress: text(fields, 'ip_address', 64),
    mediaSource: text(fields, 'network_name'),
  };
}

export const adjust: PostbackFormat = {
  pluginType: 'Adjust',
  urlTemplate: adjustCallbackTemplate,
  parse: (raw) =>
    parsePartnerFields(raw, essential, read, (fields) => advertisingIdOf(fields) ?? deviceId(fields, 'adid')),
  async resolve(ctx: ServerContext, appId: string, postback: NormalizedPostback) {
    if (postback.value === null) return postback; // an install: not in the events file
    const token = postback.value;
    const row = await ctx.db
      .withTables<AdjustTables>()
      .selectFrom('adjust_events')
      .innerJoin('plugins', 'plugins.id', 'adjust_events.plugin_id')
      .select('adjust_events.event_name')
      .where('plugins.app_id', '=', appId)
      .where('plugins.type', '=', 'Adjust')
      .where('adjust_events.event_token', '=', token)
      .executeTakeFirst();
    return row ? { ...postback, eventName: row.event_name } : `event token ${token} is not in the events file`;
  },
};
