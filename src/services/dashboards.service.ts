/**
 * Dashboard calls (contract: src/contracts/dashboards.ts `dashboardEndpoints`, docs/analyze.md §Dashboards). Open,
 * save and delete are invoked by the dashboard flow; the list is a React Query read (dashboards.queries.ts).
 */
import { call } from './http';
import { dashboardEndpoints, type SaveDashboardRequest } from '../contracts/dashboards';

export const listDashboards = async (appId: string, signal?: AbortSignal) =>
  (await call(dashboardEndpoints.list, { params: { appId }, signal })).dashboards;

export const openDashboard = async (appId: string, dashboardId: string, signal?: AbortSignal) =>
  (await call(dashboardEndpoints.get, { params: { appId, dashboardId }, signal })).dashboard;

/** Creates (no id) or replaces a dashboard. */
export const saveDashboard = async (
  appId: string,
  dashboardId: string | null,
  body: SaveDashboardRequest,
  signal?: AbortSignal,
) =>
  (dashboardId
    ? await call(dashboardEndpoints.update, { params: { appId, dashboardId }, body, signal })
    : await call(dashboardEndpoints.create, { params: { appId }, body, signal })
  ).dashboard;

export const deleteDashboard = (appId: string, dashboardId: string, signal?: AbortSignal) =>
  call(dashboardEndpoints.remove, { params: { appId, dashboardId }, signal });
