/** Report and dashboard subscriptions (contract: src/contracts/report-subscriptions.ts; docs/notifications.md §Subscriptions). */
import { call } from './http';
import {
  subscriptionEndpoints,
  type CreateSubscriptionRequest,
  type SubscriptionListQuery,
  type UpdateSubscriptionRequest,
} from '../contracts/report-subscriptions';

export const listSubscriptions = (workspaceId: string, query: SubscriptionListQuery, signal?: AbortSignal) =>
  call(subscriptionEndpoints.list, { params: { workspaceId }, query, signal });

export const createSubscription = (workspaceId: string, body: CreateSubscriptionRequest) =>
  call(subscriptionEndpoints.create, { params: { workspaceId }, body });

export const updateSubscription = (workspaceId: string, subscriptionId: string, body: UpdateSubscriptionRequest) =>
  call(subscriptionEndpoints.update, { params: { workspaceId, subscriptionId }, body });

export const deleteSubscription = (workspaceId: string, subscriptionId: string) =>
  call(subscriptionEndpoints.remove, { params: { workspaceId, subscriptionId } });
