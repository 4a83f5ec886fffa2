/**
 * Retention cohort calls (contract: src/contracts/cohorts.ts `cohortEndpoints`, docs/analyze.md §Retention cohorts).
 * Run, open and save are invoked by the cohort-builder flow; the saved cohorts list is a React Query read
 * (`useSavedCohorts`, cohorts.queries.ts), refreshed by the flow after a save.
 */
import { call } from './http';
import { cohortEndpoints, type CohortQuestion, type SaveCohortRequest } from '../contracts/cohorts';

export const runCohorts = (appId: string, question: CohortQuestion, signal?: AbortSignal) =>
  call(cohortEndpoints.run, { params: { appId }, body: { question }, signal });

export const openCohort = async (appId: string, cohortId: string, signal?: AbortSignal) =>
  (await call(cohortEndpoints.get, { params: { appId, cohortId }, signal })).cohort;

/** The saved cohort tables of an app, newest first (read by cohorts.queries.ts). */
export const listCohorts = async (appId: string, signal?: AbortSignal) =>
  (await call(cohortEndpoints.list, { params: { appId }, signal })).cohorts;

export const saveCohort = async (appId: string, body: SaveCohortRequest, signal?: AbortSignal) =>
  (await call(cohortEndpoints.save, { params: { appId }, body, signal })).cohort;

export const deleteCohort = (appId: string, cohortId: string, signal?: AbortSignal) =>
  call(cohortEndpoints.remove, { params: { appId, cohortId }, signal });
