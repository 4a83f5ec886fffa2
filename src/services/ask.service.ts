/**
 * "Ask Analyze in plain words" call (contract: src/contracts/ask.ts `askEndpoints`), invoked by the ask-analyze flow.
 */
import { call } from './http';
import { askEndpoints, type AskResponse } from '../contracts/ask';

export const askQuestion = (appId: string, question: string, signal?: AbortSignal): Promise<AskResponse> =>
  call(askEndpoints.ask, { params: { appId }, body: { question }, signal });
