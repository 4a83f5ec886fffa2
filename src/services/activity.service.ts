/** Activity log calls (contract: src/contracts/activity.ts `activityEndpoints`). */
import { call } from './http';
import { activityEndpoints, type ActivityQuery } from '../contracts/activity';

export const listActivity = (workspaceId: string, query: ActivityQuery, signal?: AbortSignal) =>
  call(activityEndpoints.list, { params: { workspaceId }, query, signal });

export const exportActivity = (workspaceId: string, query: ActivityQuery, signal?: AbortSignal) =>
  call(activityEndpoints.export, { params: { workspaceId }, query, signal });
