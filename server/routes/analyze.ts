/**
 * Analytics service routes, exactly as SPEC §7 "Analytics service" (paths under /analytics), plus the model list
 * for the Data Model selector and the signed result url. Thin: decode with the contracts of
 * src/contracts/analyze.ts, authorize (any member of the app's workspace: SPEC §6 lets every member run and delete
 * reports), call server/domain/analyze.ts, encode.
 */
import { defineRoute, access } from '../http/define-route';
import {
  AnalyticsAppParams, DeleteTemplateResponse, ModelConfigParams, ModelsResponse, ReportConfigResponse,
  ReportResultResponse, ResultParams, ResultQuery, RunReportRequest, RunReportResponse, TemplateListResponse,
  TemplateParams, TemplateResponse,
} from '../../src/contracts/analyze';
import {
  deleteTemplate, getTemplate, listModels, listTemplates, modelConfig, readSignedResult, runReport,
} from '../domain/analyze';

export const analyzeRoutes = [
  defineRoute({
    method: 'POST',
    url: '/analytics/template/:appId',
    access: access.app('viewer'),
    params: AnalyticsAppParams,
    body: RunReportRequest,
    response: RunReportResponse,
    handler: ({ ctx, params, body, caller }) => runReport(ctx, params.appId, caller!.accountId, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/analytics/result/:resultId',
    // The signature in the query is the authorization (SPEC §7: fetched without the auth header).
    access: access.public,
    params: ResultParams,
    query: ResultQuery,
    response: ReportResultResponse,
    handler: async ({ ctx, params, query, reply }) => {
      const report = await readSignedResult(ctx, params.resultId, query.expires, query.signature);
      reply.header('cache-control', 'private, max-age=300');
      return { report };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/analytics/application/:appId/report/config/:modelId',
    access: access.app('viewer'),
    params: ModelConfigParams,
    response: ReportConfigResponse,
    handler: async ({ ctx, params }) => ({ config: { configuration: await modelConfig(ctx, params.appId, params.modelId) } }),
  }),
  defineRoute({
    method: 'GET',
    url: '/analytics/application/:appId/models',
    access: access.app('viewer'),
    params: AnalyticsAppParams,
    response: ModelsResponse,
    handler: async ({ ctx }) => ({ models: listModels(ctx) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/analytics/template/:appId/:reportId',
    access: access.app('viewer'),
    params: TemplateParams,
    response: TemplateResponse,
    handler: async ({ ctx, params }) => {
      const { template, rows, resolved, compiled } = await getTemplate(ctx, params.appId, params.reportId);
      return { success: true, template, report: { report: rows }, ...(resolved ? { resolved } : {}), ...(compiled ? { compiled } : {}) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/analytics/template/:appId',
    access: access.app('viewer'),
    params: AnalyticsAppParams,
    response: TemplateListResponse,
    handler: async ({ ctx, params }) => ({
      templates: (await listTemplates(ctx, params.appId)).map((t) => ({ [t.id]: t })),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/analytics/template/:appId/:reportId',
    access: access.app('viewer'),
    params: TemplateParams,
    response: DeleteTemplateResponse,
    handler: async ({ ctx, params }) => {
      await deleteTemplate(ctx, params.appId, params.reportId);
      return { success: true };
    },
  }),
];
