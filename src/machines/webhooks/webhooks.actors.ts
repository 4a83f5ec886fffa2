/** The webhooks' flow bound to the webhook calls (src/services/notifications.service.ts). */
import { fromPromise } from 'xstate';
import { webhooksMachine } from './webhooks.machine';
import { defineFlow } from '../shared/flow';
import {
  deleteWebhook,
  listWebhooks,
  rollWebhookSecret,
  saveWebhook,
  testWebhook,
  webhookDeliveries,
} from '../../services/notifications.service';

export const webhooksFlow = defineFlow({
  name: 'webhooks',
  bind: () =>
    webhooksMachine.provide({
      actors: {
        loadWebhooks: fromPromise(({ input, signal }) => listWebhooks(input.workspaceId, signal)),
        saveWebhook: fromPromise(({ input }) => saveWebhook(input.workspaceId, input.webhookId, input.input)),
        deleteWebhook: fromPromise(({ input }) => deleteWebhook(input.workspaceId, input.webhookId)),
        rollSecret: fromPromise(({ input }) => rollWebhookSecret(input.workspaceId, input.webhookId)),
        testWebhook: fromPromise(({ input }) => testWebhook(input.workspaceId, input.webhookId)),
        loadDeliveries: fromPromise(({ input, signal }) =>
          webhookDeliveries(input.workspaceId, input.webhookId, signal),
        ),
      },
    }),
});
