/**
 * Analytics service calls (SPEC §7 "Analytics service", paths under /analytics exactly as contracts/analyze.ts lists
 * them). Every call takes an AbortSignal and decodes its answer with the contract codec.
 *
 * Lifecycle calls (run + save, open, rename, delete, model config) are invoked by the report-builder machine; the plain
 * reads that belong to no lifecycle — the saved reports list and the data models — are React Query hooks here.
 * Machines invalidate `templatesKey(appId)` after a save or a delete.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from './http';
import {
  DeleteTemplateResponse,
  ModelsResponse,
  ReportConfigResponse,
  ReportResultResponse,
  RunReportResponse,
  TemplateListResponse,
  TemplateResponse,
  templateSummaries,
  type ModelConfiguration,
  type ReportRow,
  type RunReportRequest,
  type TemplateSummary,
  type CompiledSql,
  type ResolvedDates,
} from '../contracts/analyze';

const enc = encodeURIComponent;
const BASE = '/analytics';

// ---------------------------------------------------------------------------------------------------------------
// Calls

export interface RunOutcome {
  /** The run answer (success false is a domain outcome, not an exception). */
  saved: RunReportResponse;
  /** The rows fetched from the signed url (null when the run did not succeed). */
  rows: ReportRow[] | null;
}

/** POST /analytics/template/{appId}: runs and saves the report. Does not fetch the rows. */
export const saveReport = (appId: string, body: RunReportRequest, signal?: AbortSignal) =>
  request(RunReportResponse, `${BASE}/template/${enc(appId)}`, { method: 'POST', body, signal });

/** GET the signed result url (SPEC §7: without the auth header) → rows. */
export async function fetchResult(url: string, signal?: AbortSignal): Promise<ReportRow[]> {
  const result = await request(ReportResultResponse, url, { auth: false, signal });
  return result.report;
}

/** Run + save, then fetch the rows of a successful run (SPEC §4 "Run Report creates and saves the template"). */
export async function runReport(appId: string, body: RunReportRequest, signal?: AbortSignal): Promise<RunOutcome> {
  const saved = await saveReport(appId, body, signal);
  if (!saved.success) return { saved, rows: null };
  return { saved, rows: await fetchResult(saved.url, signal) };
}

/** GET /analytics/application/{appId}/report/config/{modelId}. */
export async function fetchModelConfig(appId: string, modelId: string, signal?: AbortSignal): Promise<ModelConfiguration> {
  const answer = await request(ReportConfigResponse, `${BASE}/application/${enc(appId)}/report/config/${enc(modelId)}`, { signal });
  return answer.config.configuration;
}

export interface OpenedReport {
  template: TemplateResponse['template'];
  rows: ReportRow[];
  config: ModelConfiguration;
  compiled: CompiledSql | null;
  resolved: ResolvedDates | null;
}

/** GET /analytics/template/{appId}/{reportId}, then the config of its model (SPEC §4 "loads template, results and config"). */
export async function openReport(appId: string, reportId: string, signal?: AbortSignal): Promise<OpenedReport> {
  const answer = await request(TemplateResponse, `${BASE}/template/${enc(appId)}/${enc(reportId)}`, { signal });
  const config = await fetchModelConfig(appId, answer.template.report.model_id, signal);
  return { template: answer.template, rows: answer.report.report, config, compiled: answer.compiled ?? null, resolved: answer.resolved ?? null };
}

/** GET /analytics/template/{appId} → plain summaries, newest first. */
export async function listTemplates(appId: string, signal?: AbortSignal): Promise<TemplateSummary[]> {
  const answer = await request(TemplateListResponse, `${BASE}/template/${enc(appId)}`, { signal });
  return sortNewestFirst(templateSummaries(answer.templates));
}

/** DELETE /analytics/template/{appId}/{reportId}. */
export const deleteTemplate = (appId: string, reportId: string, signal?: AbortSignal) =>
  request(DeleteTemplateResponse, `${BASE}/template/${enc(appId)}/${enc(reportId)}`, { method: 'DELETE', signal });

/** GET /analytics/application/{appId}/models. */
export async function listModels(appId: string, signal?: AbortSignal) {
  const answer = await request(ModelsResponse, `${BASE}/application/${enc(appId)}/models`, { signal });
  return answer.models;
}

/** SPEC §2: saved reports sorted by last update, newest first (ties by title). */
export function sortNewestFirst(list: readonly TemplateSummary[]): TemplateSummary[] {
  const time = (s: string) => {
    const ms = Date.parse(s);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return [...list].sort((a, b) => time(b.updated_at) - time(a.updated_at) || a.title.localeCompare(b.title));
}

// ---------------------------------------------------------------------------------------------------------------
// React Query reads

export const templatesKey = (appId: string) => ['templates', appId] as const;
export const modelsKey = (appId: string) => ['models', appId] as const;

/** The saved reports of an app, newest first. */
export function useTemplates(appId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: templatesKey(appId ?? ''),
    queryFn: ({ signal }) => listTemplates(appId!, signal),
    enabled: !!appId && enabled,
  });
}

/** The data models of an app (the Data Model selector). */
export function useModels(appId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: modelsKey(appId ?? ''),
    queryFn: ({ signal }) => listModels(appId!, signal),
    enabled: !!appId && enabled,
    staleTime: 5 * 60_000,
  });
}
