/**
 * React Query reads of Acquire (plain reads of no lifecycle): the attribution source (the gate), the quests grid, one
 * quest with its funnel. The acquire flows invalidate `acquireQueryKey(appId)` (everything of the app) after changes.
 */
import { useServerQuery } from '../queryClient';
import {
  fetchKpi,
  fetchPacing,
  fetchQuest,
  fetchQuestReturns,
  fetchQuestSpend,
  fetchReturns,
  fetchQuests,
  fetchSettings,
  fetchSource,
} from './acquire.service';
import { listHolds } from './acquire-fraud.service';

export const acquireQueryKey = (appId: string) => ['acquire', appId] as const;

const unwrap = <T extends { success: boolean }>(answer: T, what: string): T => {
  if (!answer.success) throw new Error(`${what} could not be loaded.`);
  return answer;
};

export const useAcquireSource = (appId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'source'],
    queryFn: async ({ signal }) => unwrap(await fetchSource(appId, signal), 'The attribution source').data,
  });

export const useQuests = (appId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'quests'],
    queryFn: async ({ signal }) => unwrap(await fetchQuests(appId, signal), 'The quests').data,
  });

export const useQuestDetail = (appId: string, questId: string | null) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'quest', questId],
    enabled: questId !== null,
    queryFn: async ({ signal }) => unwrap(await fetchQuest(appId, questId!, signal), 'The quest'),
  });

/** The acquisition settings draft (null: none yet, so the Quests tab is hidden, docs/acquire.md §Screens and routes). */
export const useAcquireSettings = (appId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'settings'],
    queryFn: async ({ signal }) => unwrap(await fetchSettings(appId, signal), 'The acquisition settings').data,
  });

/** The target KPI's actual value for the players acquired through quests, with its maturity. */
export const useAcquireKpi = (appId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'kpi'],
    queryFn: async ({ signal }) => unwrap(await fetchKpi(appId, signal), 'The KPI tracking').data,
  });

/** Pacing refreshes every minute while shown: the projection moves with the clock. */
export const PACING_REFRESH_MS = 60_000;

/** Today's spend of the app's quests against the daily budget (docs/acquire.md §Spend and pacing). */
export const useAcquirePacing = (appId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'pacing'],
    refetchInterval: PACING_REFRESH_MS,
    queryFn: async ({ signal }) => unwrap(await fetchPacing(appId, signal), 'The pacing').data,
  });

/** One quest's spend per hour today and per day for 30 days. */
export const useQuestSpend = (appId: string, questId: string | null) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'spend', questId],
    enabled: questId !== null,
    refetchInterval: PACING_REFRESH_MS,
    queryFn: async ({ signal }) => unwrap(await fetchQuestSpend(appId, questId!, signal), 'The quest spend').data,
  });

/** Returns per quest of every quest of the app (docs/acquire.md §Returns per quest): the grid's ROAS D7 column. */
export const useQuestReturnsList = (appId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'returns'],
    queryFn: async ({ signal }) => unwrap(await fetchReturns(appId, signal), 'The returns').data,
  });

/** One quest's returns (the quest details' Returns section). */
export const useQuestReturns = (appId: string, questId: string) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'returns', questId],
    queryFn: async ({ signal }) => unwrap(await fetchQuestReturns(appId, questId, signal), 'The returns').data,
  });

/**
 * The app's count of held completions (the Held completions tab's badge); on that tab the flow reads the list itself
 * and writes its count here (so the page asks once).
 */
export const useHeldCount = (appId: string, enabled = true) =>
  useServerQuery({
    queryKey: [...acquireQueryKey(appId), 'held-count'],
    enabled,
    queryFn: async ({ signal }) => (await listHolds(appId, 'held', null, signal)).counts.held,
  });
