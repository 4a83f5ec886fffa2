/** Acquire calls (contract: src/contracts/acquire.ts). Used only by the machines' actors and the acquire queries. */
import { call } from './http';
import { acquireEndpoints as e, type QuestDefinition, type SaveAcquisitionSettingsRequest } from '../contracts/acquire';
import { acquirePacingEndpoints as pacing } from '../contracts/acquire-pacing';
import { acquireReturnsEndpoints as returns } from '../contracts/acquire-returns';

const q = (appId: string, questId: string) => ({ appId, questId });

export const fetchSource = (appId: string, signal?: AbortSignal) => call(e.source, { params: { appId }, signal });
export const fetchQuests = (appId: string, signal?: AbortSignal) => call(e.quests, { params: { appId }, signal });
export const fetchQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.quest, { params: q(appId, questId), signal });
export const fetchReturns = (appId: string, signal?: AbortSignal) =>
  call(returns.returns, { params: { appId }, signal });
export const fetchQuestReturns = (appId: string, questId: string, signal?: AbortSignal) =>
  call(returns.questReturns, { params: q(appId, questId), signal });
export const fetchPacing = (appId: string, signal?: AbortSignal) => call(pacing.pacing, { params: { appId }, signal });
export const fetchQuestSpend = (appId: string, questId: string, signal?: AbortSignal) =>
  call(pacing.questSpend, { params: q(appId, questId), signal });
export const fetchSettings = (appId: string, signal?: AbortSignal) => call(e.settings, { params: { appId }, signal });
export const saveSettings = (appId: string, body: SaveAcquisitionSettingsRequest, signal?: AbortSignal) =>
  call(e.saveSettings, { params: { appId }, body, signal });
export const createQuest = (appId: string, body: QuestDefinition, signal?: AbortSignal) =>
  call(e.createQuest, { params: { appId }, body, signal });
export const saveQuestDraft = (appId: string, questId: string, body: QuestDefinition, signal?: AbortSignal) =>
  call(e.saveDraft, { params: q(appId, questId), body, signal });
export const publishQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.publish, { params: q(appId, questId), signal });
export const discardQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.discard, { params: q(appId, questId), signal });
export const stopQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.stop, { params: q(appId, questId), signal });
export const restartQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.restart, { params: q(appId, questId), signal });
export const deleteActiveQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.deleteActive, { params: q(appId, questId), signal });
export const deleteDraftQuest = (appId: string, questId: string, signal?: AbortSignal) =>
  call(e.deleteDraft, { params: q(appId, questId), signal });
export const publishAllQuests = (appId: string, signal?: AbortSignal) =>
  call(e.publishAll, { params: { appId }, signal });
export const discardAllQuests = (appId: string, questIds: readonly string[], signal?: AbortSignal) =>
  call(e.discardAll, { params: { appId }, body: { questIds: [...questIds] }, signal });
export const fetchKpi = (appId: string, signal?: AbortSignal) => call(e.kpi, { params: { appId }, signal });
