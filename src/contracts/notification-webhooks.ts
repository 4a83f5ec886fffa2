/**
 * Webhooks of a workspace (docs/notifications.md §Webhooks): an admin points the alerts of the registry at a URL, in a
 * Slack-compatible body (`{text, blocks}`) or a generic JSON body, signed with HMAC-SHA256 over the timestamp and the
 * body. The signing secret is made by the server and shown once (on creation, and when rolled).
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX, WorkspaceParams } from './codecs';
import { endpoint } from './endpoint';
import { ALERT_KINDS, AlertKindCodec } from './notifications';

/** At most this many webhooks in one workspace. */
export const WEBHOOKS_MAX = 5;
/** The deliveries shown for one webhook, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** A receiver must answer within this time. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

export const WEBHOOK_FORMATS = { slack: 'Slack-compatible', json: 'Generic JSON' } as const;
export const WebhookFormat = t.keyof({ slack: null, json: null }, 'WebhookFormat');
export type WebhookFormat = t.TypeOf<typeof WebhookFormat>;

export const WEBHOOK_URL_HTTPS = 'Enter a URL that starts with https://.';
export const WEBHOOK_URL_INVALID = 'Enter a valid URL, like https://hooks.example.com/questboard.';
export const WEBHOOK_URL_CREDENTIALS = 'Leave the user name and password out of the URL.';
export const WEBHOOK_LIMIT = `A workspace has at most ${WEBHOOKS_MAX} webhooks. Delete one to add another.`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What is wrong with a webhook URL as written, or null: an absolute https URL with a host, no user name or password
 * (http only to the loopback, which the server allows only in its tests). The server checks the addresses the host
 * resolves to as well, when it is saved and at each delivery.
 */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return WEBHOOK_URL_INVALID;
  }
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol !== 'https:') return WEBHOOK_URL_HTTPS;
  if (!url.hostname) return WEBHOOK_URL_INVALID;
  if (url.username || url.password) return WEBHOOK_URL_CREDENTIALS;
  return null;
}

// (The codec's message ends the sentence itself.)
export const WebhookUrl = line(MAX.url, {
  check: (s) => webhookUrlProblem(s)?.replace(/\.$/, '') ?? null,
  expected: 'an https URL',
  name: 'WebhookUrl',
});
export const WebhookAlerts = t.refinement(
  t.array(AlertKindCodec),
  (kinds) => kinds.length <= ALERT_KINDS.length,
  `at most ${ALERT_KINDS.length} alerts`,
);

export const WebhookInput = struct({
  url: WebhookUrl,
  format: WebhookFormat,
  alerts: WebhookAlerts,
  enabled: t.boolean,
});
export type WebhookInput = t.TypeOf<typeof WebhookInput>;

export const Webhook = struct({
  id: t.string,
  url: t.string,
  format: WebhookFormat,
  alerts: t.array(AlertKindCodec),
  enabled: t.boolean,
  createdAt: t.string,
  /** The newest attempted delivery failed (or is being retried after a failure). */
  failing: t.boolean,
});
export type Webhook = t.TypeOf<typeof Webhook>;

export const WebhookList = struct({ success: t.literal(true), webhooks: t.array(Webhook) });
export type WebhookList = t.TypeOf<typeof WebhookList>;
/** A webhook with its signing secret: answered once, on creation and when the secret is rolled. */
export const WebhookWithSecret = struct({ success: t.literal(true), webhook: Webhook, secret: t.string });
export type WebhookWithSecret = t.TypeOf<typeof WebhookWithSecret>;
export const WebhookSaved = struct({ success: t.literal(true), webhook: Webhook });

export const WebhookDeliveryStatus = t.keyof({ pending: null, delivered: null, failed: null }, 'WebhookDeliveryStatus');
export const WebhookDelivery = struct({
  /** Also the request's Idempotency-Key. */
  id: t.string,
  /** The alert, or `test` for a test delivery. */
  kind: t.string,
  title: t.string,
  status: WebhookDeliveryStatus,
  httpStatus: nullable(t.number),
  attempts: t.number,
  createdAt: t.string,
  lastAttemptAt: nullable(t.string),
  error: nullable(t.string),
});
export type WebhookDelivery = t.TypeOf<typeof WebhookDelivery>;
export const WebhookDeliveries = struct({ success: t.literal(true), deliveries: t.array(WebhookDelivery) });
export type WebhookDeliveries = t.TypeOf<typeof WebhookDeliveries>;
export const WebhookTested = struct({ success: t.literal(true), delivery: WebhookDelivery, webhook: Webhook });
export type WebhookTested = t.TypeOf<typeof WebhookTested>;

export const WebhookParams = struct({ workspaceId: Id, webhookId: Id });

const base = '/api/workspace/:workspaceId/notifications/webhooks';
export const webhookEndpoints = {
  list: endpoint({ method: 'GET', path: base, params: WorkspaceParams, response: WebhookList }),
  create: endpoint({
    method: 'POST',
    path: base,
    params: WorkspaceParams,
    body: WebhookInput,
    response: WebhookWithSecret,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:webhookId`,
    params: WebhookParams,
    body: WebhookInput,
    response: WebhookSaved,
  }),
  remove: endpoint({ method: 'DELETE', path: `${base}/:webhookId`, params: WebhookParams, response: WebhookList }),
  rollSecret: endpoint({
    method: 'POST',
    path: `${base}/:webhookId/secret`,
    params: WebhookParams,
    response: WebhookWithSecret,
  }),
  test: endpoint({ method: 'POST', path: `${base}/:webhookId/test`, params: WebhookParams, response: WebhookTested }),
  deliveries: endpoint({
    method: 'GET',
    path: `${base}/:webhookId/deliveries`,
    params: WebhookParams,
    response: WebhookDeliveries,
  }),
};
