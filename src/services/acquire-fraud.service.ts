/** Acquire's held completions (contract: src/contracts/acquire-fraud.ts `acquireFraudEndpoints`). */
import { call } from './http';
import { acquireFraudEndpoints, type HoldStatus } from '../contracts/acquire-fraud';

export const listHolds = (appId: string, status: HoldStatus, cursor: string | null, signal?: AbortSignal) =>
  call(acquireFraudEndpoints.holds, {
    params: { appId },
    query: { status, ...(cursor ? { cursor } : {}) },
    signal,
  });

export const decideHold = (appId: string, holdId: string, decision: 'release' | 'reject') =>
  call(acquireFraudEndpoints[decision], { params: { appId, holdId } });
