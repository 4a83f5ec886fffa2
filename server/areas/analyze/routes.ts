/**
 * Analyze area routes: the analytics service exactly as docs/analyze.md §API endpoints (paths under /analytics), plus the model list for
 * the Data Model selector and the signed result url (contract: src/contracts/analyze.ts). Every member of the app's
 * workspace may run, open and delete reports (docs/analyze.md §Roles); rules in server/areas/analyze/analyze.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { analyzeEndpoints } from '../../../src/contracts/analyze';
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
];
