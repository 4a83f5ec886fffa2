/**
 * A workspace's webhooks, for its admins (docs/notifications.md §Webhooks): the list, adding and editing one (URL,
 * format, alerts, switch), deleting one and rolling its secret (each confirmed), a test delivery with its answer,
 * and a webhook's last 50 deliveries. A new or rolled secret is shown once, until dismissed.
 *
 *   loading ─┬─ list ──► ready ─ADD | EDIT─► editing ─SUBMIT (valid)─► saving ─┬─ saved ──► ready (secret when added)
 *            └─ thrown ─► failed ─RETRY─► loading   ▲                          └─ thrown ─► editing (message)
 *                                                   └──CANCEL──┘
 *   ready ─DELETE─► confirmingDelete ─CONFIRM─► deleting ──► ready     ready ─ROLL─► confirmingRoll ─CONFIRM─► rolling ──► ready
 *   ready ─TEST─► testing ──► ready (its answer)                        ready ─SHOW_DELIVERIES─► loadingDeliveries ──► ready
 *
 * The calls come from webhooks.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { AlertKind } from '../../contracts/notifications';
import {
  webhookUrlProblem,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDeliveries,
  type WebhookDelivery,
  type WebhookFormat,
  type WebhookInput,
  type WebhookList,
  type WebhookTested,
  type WebhookWithSecret,
} from '../../contracts/notification-webhooks';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

/** docs/notifications.md §Messages (ours). */
export const WEBHOOKS_LOAD_FAILED = 'We could not load the webhooks. Please try again.';
export const WEBHOOK_SAVE_FAILED = 'We could not save the webhook. Please try again.';
export const WEBHOOK_DELETE_FAILED = 'We could not delete the webhook. Please try again.';
export const WEBHOOK_ROLL_FAILED = 'We could not roll the secret. Please try again.';
export const WEBHOOK_TEST_FAILED = 'We could not send the test delivery. Please try again.';
export const DELIVERIES_LOAD_FAILED = 'We could not load the deliveries. Please try again.';
export const URL_REQUIRED = 'Enter the URL that receives the alerts.';

export interface WebhooksInput {
  workspaceId: string;
}
export interface WebhooksContext {
  workspaceId: string;
  webhooks: Webhook[];
  /** The form: a new webhook (editingId null) or one being changed. */
  draft: WebhookInput;
  editingId: string | null;
  /** Show the form's problems (after a SUBMIT that was not valid). */
  showErrors: boolean;
  /** The webhook being deleted, rolled, tested or looked into. */
  target: string | null;
  /** A signing secret, shown once. */
  secret: { webhookId: string; value: string } | null;
  /** The answer of the last test delivery. */
  tested: WebhookDelivery | null;
  /** The last deliveries of one webhook. */
  deliveries: { webhookId: string; list: WebhookDelivery[] } | null;
  notice: string | null;
  error: string | null;
}
export type WebhooksEvent =
  | { type: 'RETRY' }
  | { type: 'ADD' }
  | { type: 'EDIT'; id: string }
  | { type: 'CHANGE_URL'; value: string }
  | { type: 'CHANGE_FORMAT'; format: WebhookFormat }
  | { type: 'TOGGLE_ALERT'; kind: AlertKind }
  | { type: 'TOGGLE_ENABLED' }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'DELETE'; id: string }
  | { type: 'ROLL'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'TEST'; id: string }
  | { type: 'SHOW_DELIVERIES'; id: string }
  | { type: 'DISMISS_SECRET' };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;
const EMPTY: WebhookInput = { url: '', format: 'slack', alerts: [], enabled: true };

/** The URL field's problem, or null (the server's own rule, and not blank). */
export const urlError = (url: string) => (url.trim() === '' ? URL_REQUIRED : webhookUrlProblem(url));
const replaced = (list: Webhook[], hook: Webhook) =>
  list.some((h) => h.id === hook.id) ? list.map((h) => (h.id === hook.id ? hook : h)) : [...list, hook];
const targetOf = (event: WebhooksEvent) => ('id' in event ? event.id : null);

export const webhooksMachine = setup({
  types: {
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
    input: {} as WebhooksInput,
  },
  actors: {
    loadWebhooks: toProvide<WebhookList, { workspaceId: string }>('loadWebhooks'),
    saveWebhook: toProvide<
      WebhookWithSecret | { success: true; webhook: Webhook },
      { workspaceId: string; webhookId: string | null; input: WebhookInput }
    >('saveWebhook'),
    deleteWebhook: toProvide<WebhookList, { workspaceId: string; webhookId: string }>('deleteWebhook'),
    rollSecret: toProvide<WebhookWithSecret, { workspaceId: string; webhookId: string }>('rollSecret'),
    testWebhook: toProvide<WebhookTested, { workspaceId: string; webhookId: string }>('testWebhook'),
    loadDeliveries: toProvide<WebhookDeliveries, { workspaceId: string; webhookId: string }>('loadDeliveries'),
  },
  actions: {
    aim: assign(({ event }) => ({ target: targetOf(event), notice: null, error: null, tested: null })),
  },
  guards: {
    canAdd: ({ context }) => context.webhooks.length < WEBHOOKS_MAX,
    known: ({ context, event }) => context.webhooks.some((hook) => hook.id === targetOf(event)),
    valid: ({ context }) => urlError(context.draft.url) === null,
  },
}).createMachine({
  id: 'webhooks',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    webhooks: [],
    draft: EMPTY,
    editingId: null,
    showErrors: false,
    target: null,
    secret: null,
    tested: null,
    deliveries: null,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  on: { DISMISS_SECRET: { actions: assign({ secret: null }) } },
  states: {
    loading: {
      invoke: {
        id: 'loadWebhooks',
        src: 'loadWebhooks',
        input: ({ context }) => ({ workspaceId: context.workspaceId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ webhooks: event.output.webhooks, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, WEBHOOKS_LOAD_FAILED) })),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        ADD: {
          guard: 'canAdd',
          target: 'editing',
          actions: assign({
            draft: EMPTY,
            editingId: null,
            showErrors: false,
            notice: null,
            error: null,
            tested: null,
          }),
        },
        EDIT: {
          guard: 'known',
          target: 'editing',
          actions: assign(({ context, event }) => {
            const hook = context.webhooks.find((h) => h.id === event.id)!;
            return {
              draft: { url: hook.url, format: hook.format, alerts: hook.alerts, enabled: hook.enabled },
              editingId: hook.id,
              showErrors: false,
              notice: null,
              error: null,
              tested: null,
            };
          }),
        },
        DELETE: { guard: 'known', target: 'confirmingDelete', actions: 'aim' },
        ROLL: { guard: 'known', target: 'confirmingRoll', actions: 'aim' },
        TEST: { guard: 'known', target: 'testing', actions: 'aim' },
        SHOW_DELIVERIES: { guard: 'known', target: 'loadingDeliveries', actions: 'aim' },
      },
    },
    editing: {
      on: {
        CHANGE_URL: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, url: event.value } })) },
        CHANGE_FORMAT: {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, format: event.format } })),
        },
        TOGGLE_ALERT: {
          actions: assign(({ context, event }) => ({
            draft: {
              ...context.draft,
              alerts: context.draft.alerts.includes(event.kind)
                ? context.draft.alerts.filter((kind) => kind !== event.kind)
                : [...context.draft.alerts, event.kind],
            },
          })),
        },
        TOGGLE_ENABLED: {
          actions: assign(({ context }) => ({ draft: { ...context.draft, enabled: !context.draft.enabled } })),
        },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign({ error: null }) },
          { actions: assign({ showErrors: true }) },
        ],
        CANCEL: { target: 'ready', actions: assign({ error: null, showErrors: false }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveWebhook',
        src: 'saveWebhook',
        input: ({ context }) => ({
          workspaceId: context.workspaceId,
          webhookId: context.editingId,
          input: { ...context.draft, url: context.draft.url.trim() },
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            webhooks: replaced(context.webhooks, event.output.webhook),
            secret:
              'secret' in event.output ? { webhookId: event.output.webhook.id, value: event.output.secret } : null,
            notice: context.editingId ? 'Webhook saved.' : 'Webhook added.',
            showErrors: false,
          })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, WEBHOOK_SAVE_FAILED) })),
        },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleting', CANCEL: { target: 'ready', actions: assign({ target: null, error: null }) } },
    },
    deleting: {
      invoke: {
        id: 'deleteWebhook',
        src: 'deleteWebhook',
        input: ({ context }) => ({ workspaceId: context.workspaceId, webhookId: context.target! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            webhooks: event.output.webhooks,
            secret: context.secret?.webhookId === context.target ? null : context.secret,
            deliveries: context.deliveries?.webhookId === context.target ? null : context.deliveries,
            target: null,
            notice: 'Webhook deleted.',
          })),
        },
        onError: {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, WEBHOOK_DELETE_FAILED) })),
        },
      },
    },
    confirmingRoll: {
      on: { CONFIRM: 'rolling', CANCEL: { target: 'ready', actions: assign({ target: null, error: null }) } },
    },
    rolling: {
      invoke: {
        id: 'rollSecret',
        src: 'rollSecret',
        input: ({ context }) => ({ workspaceId: context.workspaceId, webhookId: context.target! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            webhooks: replaced(context.webhooks, event.output.webhook),
            secret: { webhookId: event.output.webhook.id, value: event.output.secret },
            notice: 'Secret rolled: the previous one no longer signs deliveries.',
          })),
        },
        onError: {
          target: 'confirmingRoll',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, WEBHOOK_ROLL_FAILED) })),
        },
      },
    },
    testing: {
      invoke: {
        id: 'testWebhook',
        src: 'testWebhook',
        input: ({ context }) => ({ workspaceId: context.workspaceId, webhookId: context.target! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            webhooks: replaced(context.webhooks, event.output.webhook),
            tested: event.output.delivery,
            deliveries:
              context.deliveries?.webhookId === event.output.webhook.id
                ? { ...context.deliveries, list: [event.output.delivery, ...context.deliveries.list].slice(0, 50) }
                : context.deliveries,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, WEBHOOK_TEST_FAILED) })),
        },
      },
    },
    loadingDeliveries: {
      invoke: {
        id: 'loadDeliveries',
        src: 'loadDeliveries',
        input: ({ context }) => ({ workspaceId: context.workspaceId, webhookId: context.target! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            deliveries: { webhookId: context.target!, list: event.output.deliveries },
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, DELIVERIES_LOAD_FAILED) })),
        },
      },
    },
  },
});
