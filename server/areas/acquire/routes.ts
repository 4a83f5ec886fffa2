/**
 * Acquire routes (contract and paths: src/contracts/acquire.ts): quests, their draft → publish / discard lifecycle and
 * menu actions, the acquisition settings draft (editors and admins write; viewers read), and the player app's s2s
 * views and starts (public route, authenticated by the app's s2s API key). Rules: server/areas/acquire/acquire.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { S2S_KEY_HEADER, acquireEndpoints as e } from '../../../src/contracts/acquire';
import {
  acquireSource,
  createQuest,
  deleteActive,
  deleteDraft,
  discardAll,
  discardQuest,
  getQuest,
  listQuests,
  loadSettings,
  publishAll,
  publishQuest,
  recordPlayerEvent,
  restartQuest,
  saveDraft,
  saveSettings,
  sourceEvents,
  stopQuest,
} from './acquire';
import { kpiTracking } from './kpi';
import { acquirePacing, questSpend } from './pacing';
import { acquirePacingEndpoints as pacing } from '../../../src/contracts/acquire-pacing';
import { acquireReturnsEndpoints as returns } from '../../../src/contracts/acquire-returns';
import { oneQuestReturns, questReturns } from './quest-returns';
import type { ServerContext } from '../../context';
import { acquireFraudEndpoints as fraud } from '../../../src/contracts/acquire-fraud';
import { decideHold, listHolds } from './holds';

const done = (message: string) => ({ success: true, message });

type QuestAction = 'publish' | 'stop' | 'restart' | 'deleteActive' | 'deleteDraft' | 'discard';
/**
 * The menu actions on one quest: each an editor's call on the app's quest, answered with the action's message. Declared
 * in this order, so the route table keeps it.
 */
const questActions = (
  actions: Record<QuestAction, (ctx: ServerContext, appId: string, questId: string) => Promise<string>>,
) =>
  (Object.keys(actions) as QuestAction[]).map((name) =>
    defineRoute(e[name], {
      access: access.app('editor'),
      handler: async ({ ctx, params }) => done(await actions[name](ctx, params.appId, params.questId)),
    }),
  );

export const acquireRoutes = [
  defineRoute(e.source, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => {
      const source = await acquireSource(ctx, params.appId);
      return { success: true, data: { source, events: await sourceEvents(ctx, params.appId, source) } };
    },
  }),
  defineRoute(e.quests, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, data: await listQuests(ctx, params.appId) }),
  }),
  defineRoute(e.createQuest, {
    access: access.app('editor'),
    status: 201,
    handler: async ({ ctx, params, body }) => ({
      success: true,
      data: await createQuest(ctx, params.appId, body),
      message: 'Quest created.',
    }),
  }),
  defineRoute(e.quest, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => {
      const { quest, funnel } = await getQuest(ctx, params.appId, params.questId);
      return { success: true, data: quest, funnel };
    },
  }),
  defineRoute(e.saveDraft, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body }) => ({
      success: true,
      data: await saveDraft(ctx, params.appId, params.questId, body),
      message: 'Draft saved.',
    }),
  }),
  ...questActions({
    publish: publishQuest,
    stop: stopQuest,
    restart: restartQuest,
    deleteActive,
    deleteDraft,
    discard: discardQuest,
  }),
  defineRoute(e.publishAll, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => publishAll(ctx, params.appId),
  }),
  defineRoute(e.discardAll, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body }) => discardAll(ctx, params.appId, body.questIds),
  }),
  defineRoute(e.settings, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, data: await loadSettings(ctx, params.appId) }),
  }),
  defineRoute(e.saveSettings, {
    access: access.app('editor'),
    deniedMessage:
      'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.',
    handler: async ({ ctx, params, body, caller }) => done(await saveSettings(ctx, params.appId, caller, body)),
  }),
  defineRoute(e.kpi, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, data: await kpiTracking(ctx, params.appId) }),
  }),
  defineRoute(pacing.pacing, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, data: await acquirePacing(ctx, params.appId) }),
  }),
  defineRoute(pacing.questSpend, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      success: true,
      data: await questSpend(ctx, params.appId, params.questId),
    }),
  }),
  defineRoute(returns.returns, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, data: await questReturns(ctx, params.appId) }),
  }),
  defineRoute(returns.questReturns, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      success: true,
      data: await oneQuestReturns(ctx, params.appId, params.questId),
    }),
  }),
  // Fraud holds (docs/acquire.md §Fraud holds): every member reads the review list; editors and admins decide.
  defineRoute(fraud.holds, {
    access: access.app('viewer'),
    handler: async ({ ctx, params, query }) => ({
      success: true as const,
      ...(await listHolds(ctx, params.appId, query)),
    }),
  }),
  ...(['release', 'reject'] as const).map((decision) =>
    defineRoute(fraud[decision], {
      access: access.app('editor'),
      handler: async ({ ctx, params }) => ({
        success: true as const,
        ...(await decideHold(ctx, params.appId, params.holdId, decision)),
      }),
    }),
  ),
  defineRoute(e.playerEvent, {
    access: access.public,
    handler: async ({ ctx, params, body, req }) => {
      const header = req.headers[S2S_KEY_HEADER];
      const outcome = await recordPlayerEvent(ctx, params.appId, typeof header === 'string' ? header : undefined, body);
      return { success: true, outcome };
    },
  }),
];
