/** The subscriptions' flow bound to the subscription calls (src/services/report-subscriptions.service.ts). */
import { fromPromise } from 'xstate';
import { reportSubscriptionMachine, type SaveInput } from './report-subscription.machine';
import { defineFlow } from '../shared/flow';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from '../../services/report-subscriptions.service';
import type { Subscription } from '../../contracts/report-subscriptions';

const schedule = (draft: SaveInput['draft']) => ({
  frequency: draft.frequency,
  hour: draft.hour,
  weekday: draft.frequency === 'weekly' ? draft.weekday : null,
  timeZone: draft.timeZone,
});
const channels = (draft: SaveInput['draft']) => ({ email: draft.email, webhookId: draft.webhookId });

export const reportSubscriptionFlow = defineFlow({
  name: 'report-subscription',
  bind: () =>
    reportSubscriptionMachine.provide({
      actors: {
        loadSubscriptions: fromPromise(({ input, signal }) =>
          listSubscriptions(
            input.workspaceId,
            input.target ? { kind: input.target.kind, appId: input.target.appId, id: input.target.id } : {},
            signal,
          ),
        ),
        saveSubscription: fromPromise(({ input }: { input: SaveInput }) =>
          input.draft.id
            ? updateSubscription(input.workspaceId, input.draft.id, {
                schedule: schedule(input.draft),
                channels: channels(input.draft),
                paused: input.draft.paused,
              })
            : createSubscription(input.workspaceId, {
                target: { kind: input.target!.kind, appId: input.target!.appId, id: input.target!.id },
                schedule: schedule(input.draft),
                channels: channels(input.draft),
              }),
        ),
        toggleSubscription: fromPromise(
          ({ input }: { input: { workspaceId: string; subscription: Subscription; paused: boolean } }) =>
            updateSubscription(input.workspaceId, input.subscription.id, {
              schedule: {
                frequency: input.subscription.frequency,
                hour: input.subscription.hour,
                weekday: input.subscription.weekday,
                timeZone: input.subscription.timeZone,
              },
              channels: { email: input.subscription.email, webhookId: input.subscription.webhookId },
              paused: input.paused,
            }),
        ),
        deleteSubscription: fromPromise(({ input }) => deleteSubscription(input.workspaceId, input.id)),
      },
    }),
});
