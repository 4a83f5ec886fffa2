/**
 * Analytics service calls (contract: src/contracts/analyze.ts `analyzeEndpoints`, docs/analyze.md §API endpoints "Analytics service").
 * Every call takes an AbortSignal and decodes its answer with the contract codec.
 *
 * Lifecycle calls (run + save, open, rename, delete, model config) are invoked by the report-builder and delete-report
 * flows; the plain reads that belong to no lifecycle — the saved reports list and the data models — are React Query
 * hooks in analyze.queries.ts.
 */
import { isLeft } from 'fp-ts/Either';
import { call, ContractError } from './http';
import { matchPath } from '../contracts/endpoint';
import {
  analyzeEndpoints,
  ResultQuery,
  templateSummaries,
  type RunReportResponse,
  type TemplateResponse,
  type ModelConfiguration,
  type ReportRow,
  type RunReportRequest,
  type TemplateSummary,
  type CompiledSql,
  type ResolvedDates,
} from '../contracts/analyze';

// ---------------------------------------------------------------------------------------------------------------
// Calls

export interface RunOutcome {
  /** The run answer (success false is a domain outcome, not an exception). */
  saved: RunReportResponse;
  /** The rows fetched from the signed url (null when the run did not succeed). */
  rows: ReportRow[] | null;
}

/** Runs and saves the report (analyzeEndpoints.run). Does not fetch the rows. */
export const saveReport = (appId: string, body: RunReportRequest, signal?: AbortSignal) =>
  call(analyzeEndpoints.run, { params: { appId }, body, signal });

/** GET the signed result url of a run (analyzeEndpoints.result; docs/analyze.md §API endpoints: without the auth header) → rows. */
export async function fetchResult(url: string, signal?: AbortSignal): Promise<ReportRow[]> {
  const target = new URL(url, 'http://questboard.invalid');
  const params = matchPath(analyzeEndpoints.result, target.pathname);
  const query = ResultQuery.decode(Object.fromEntries(target.searchParams));
  if (!params || isLeft(query))
    throw new ContractError(url, ['the run answered a url that is not a signed report result url']);
  const result = await call(analyzeEndpoints.result, {
    params: { resultId: params.resultId! },
    query: query.right,
    auth: false,
    signal,
  });
  return result.report;
}

/** Run + save, then fetch the rows of a successful run (docs/analyze.md §Report states "Run Report creates and saves the template"). */
export async function runReport(appId: string, body: RunReportRequest, signal?: AbortSignal): Promise<RunOutcome> {
  const saved = await saveReport(appId, body, signal);
  if (!saved.success) return { saved, rows: null };
  return { saved, rows: await fetchResult(saved.url, signal) };
}

/** The model's configuration for the app (analyzeEndpoints.modelConfig). */
export async function fetchModelConfig(
  appId: string,
  modelId: string,
  signal?: AbortSignal,
): Promise<ModelConfiguration> {
  const answer = await call(analyzeEndpoints.modelConfig, { params: { appId, modelId }, signal });
  return answer.config.configuration;
}

export interface OpenedReport {
  template: TemplateResponse['template'];
  rows: ReportRow[];
  config: ModelConfiguration;
  compiled: CompiledSql | null;
  resolved: ResolvedDates | null;
}

/** The saved report (analyzeEndpoints.template), then the config of its model (docs/analyze.md §Report states "loads template, results and config"). */
export async function openReport(appId: string, reportId: string, signal?: AbortSignal): Promise<OpenedReport> {
  const answer = await call(analyzeEndpoints.template, { params: { appId, reportId }, signal });
  const config = await fetchModelConfig(appId, answer.template.report.model_id, signal);
  return {
    template: answer.template,
    rows: answer.report.report,
    config,
    compiled: answer.compiled ?? null,
    resolved: answer.resolved ?? null,
  };
}

/** The saved reports (analyzeEndpoints.templates) as plain summaries, newest first. */
export async function listTemplates(appId: string, signal?: AbortSignal): Promise<TemplateSummary[]> {
  const answer = await call(analyzeEndpoints.templates, { params: { appId }, signal });
  return sortNewestFirst(templateSummaries(answer.templates));
}

/** Deletes a saved report (analyzeEndpoints.deleteTemplate). */
export const deleteTemplate = (appId: string, reportId: string, signal?: AbortSignal) =>
  call(analyzeEndpoints.deleteTemplate, { params: { appId, reportId }, signal });

/** The data models (analyzeEndpoints.models). */
export async function listModels(appId: string, signal?: AbortSignal) {
  const answer = await call(analyzeEndpoints.models, { params: { appId }, signal });
  return answer.models;
}

/** docs/analyze.md §Screens and routes: saved reports sorted by last update, newest first (ties by title). */
export function sortNewestFirst(list: readonly TemplateSummary[]): TemplateSummary[] {
  const time = (s: string) => {
    const ms = Date.parse(s);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return [...list].sort((a, b) => time(b.updated_at) - time(a.updated_at) || a.title.localeCompare(b.title));
}
