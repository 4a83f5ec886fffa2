/**
 * Analyze area routes: the analytics service exactly as docs/analyze.md §API endpoints (paths under /analytics), plus the model list for
 * the Data Model selector and the signed result url (contract: src/contracts/analyze.ts). Every member of the app's
 * workspace may run, open and delete reports (docs/analyze.md §Roles); rules in server/areas/analyze/analyze.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { analyzeEndpoints } from '../../../src/contracts/analyze';
import { cohortEndpoints } from '../../../src/contracts/cohorts';
import { deleteCohort, getCohort, listCohorts, runCohorts, saveCohort } from './cohorts';
import { funnelEndpoints } from '../../../src/contracts/funnels';
import { dashboardEndpoints } from '../../../src/contracts/dashboards';
import { createDashboard, deleteDashboard, getDashboard, listDashboards, updateDashboard } from './dashboards';
import {
  deleteFunnel,
  funnelDropoff,
  funnelEventNames,
  getFunnel,
  listFunnels,
  runFunnel,
  saveFunnel,
} from './funnels';
import {
  deleteTemplate,
  getTemplate,
  listModels,
  listTemplates,
  modelConfig,
  readSignedResult,
  runReport,
} from './analyze';

export const analyzeRoutes = [
  defineRoute(analyzeEndpoints.run, {
    access: access.app('viewer'),
    handler: ({ ctx, params, body, caller }) => runReport(ctx, params.appId, caller.accountId, body),
  }),
  defineRoute(analyzeEndpoints.result, {
    // The signature in the query is the authorization (docs/analyze.md §API endpoints: fetched without the auth header).
    access: access.public,
    handler: async ({ ctx, params, query, reply }) => {
      const report = await readSignedResult(ctx, params.resultId, query.expires, query.signature);
      reply.header('cache-control', 'private, max-age=300');
      return { report };
    },
  }),
  defineRoute(analyzeEndpoints.modelConfig, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      config: { configuration: await modelConfig(ctx, params.appId, params.modelId) },
    }),
  }),
  defineRoute(analyzeEndpoints.models, {
    access: access.app('viewer'),
    handler: async ({ ctx }) => ({ models: listModels(ctx) }),
  }),
  defineRoute(analyzeEndpoints.template, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => {
      const { template, rows, resolved, compiled } = await getTemplate(ctx, params.appId, params.reportId);
      return {
        success: true,
        template,
        report: { report: rows },
        ...(resolved ? { resolved } : {}),
        ...(compiled ? { compiled } : {}),
      };
    },
  }),
  defineRoute(analyzeEndpoints.templates, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      templates: (await listTemplates(ctx, params.appId)).map((t) => ({ [t.id]: t })),
    }),
  }),
  defineRoute(analyzeEndpoints.deleteTemplate, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => {
      await deleteTemplate(ctx, params.appId, params.reportId);
      return { success: true };
    },
  }),
  // Retention cohorts (docs/analyze.md §Retention cohorts): every member runs and opens them, editors and admins save
  // and delete them.
  defineRoute(cohortEndpoints.run, {
    access: access.app('viewer'),
    handler: ({ ctx, params, body }) => runCohorts(ctx, params.appId, body.question),
  }),
  defineRoute(cohortEndpoints.list, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ cohorts: await listCohorts(ctx, params.appId) }),
  }),
  defineRoute(cohortEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ cohort: await getCohort(ctx, params.appId, params.cohortId) }),
  }),
  defineRoute(cohortEndpoints.save, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body, caller }) => ({
      cohort: await saveCohort(ctx, params.appId, caller.accountId, body),
    }),
  }),
  defineRoute(cohortEndpoints.remove, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => {
      await deleteCohort(ctx, params.appId, params.cohortId);
      return { success: true };
    },
  }),
  // Funnels (docs/analyze.md §Funnels): every member runs them, reads the drop-off and opens them, editors and admins
  // save and delete them.
  defineRoute(funnelEndpoints.run, {
    access: access.app('viewer'),
    handler: ({ ctx, params, body }) => runFunnel(ctx, params.appId, body.question),
  }),
  defineRoute(funnelEndpoints.dropoff, {
    access: access.app('viewer'),
    handler: ({ ctx, params, body }) => funnelDropoff(ctx, params.appId, body),
  }),
  defineRoute(funnelEndpoints.events, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ event_names: await funnelEventNames(ctx, params.appId) }),
  }),
  defineRoute(funnelEndpoints.list, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ funnels: await listFunnels(ctx, params.appId) }),
  }),
  defineRoute(funnelEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ funnel: await getFunnel(ctx, params.appId, params.funnelId) }),
  }),
  defineRoute(funnelEndpoints.save, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body, caller }) => ({
      funnel: await saveFunnel(ctx, params.appId, caller.accountId, body),
    }),
  }),
  defineRoute(funnelEndpoints.remove, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => {
      await deleteFunnel(ctx, params.appId, params.funnelId);
      return { success: true };
    },
  }),
  // Dashboards (docs/analyze.md §Dashboards): every member lists and opens them (the first list makes Game health),
  // editors and admins create, edit and delete them.
  defineRoute(dashboardEndpoints.list, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ dashboards: await listDashboards(ctx, params.appId) }),
  }),
  defineRoute(dashboardEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ dashboard: await getDashboard(ctx, params.appId, params.dashboardId) }),
  }),
  defineRoute(dashboardEndpoints.create, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body, caller }) => ({
      dashboard: await createDashboard(ctx, params.appId, caller.accountId, body),
    }),
  }),
  defineRoute(dashboardEndpoints.update, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body }) => ({
      dashboard: await updateDashboard(ctx, params.appId, params.dashboardId, body),
    }),
  }),
  defineRoute(dashboardEndpoints.remove, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => {
      await deleteDashboard(ctx, params.appId, params.dashboardId);
      return { success: true };
    },
  }),
];
