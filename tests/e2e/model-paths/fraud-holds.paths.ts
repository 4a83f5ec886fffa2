/**
 * The held completions' table (src/machines/fraud-holds, src/views/acquire/HoldsTab.tsx; docs/acquire.md §Fraud holds):
 * each event → what the editor does on Acquire's Held completions tab, each state → what the tab shows. The holds
 * calls are routed with the machine's own answers (a refusal in the server's words is an ApiError); the real rules,
 * the exactly-once release and the roles are tested in tests/server/acquire-fraud-holds.test.ts.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { fraudHoldsMachine, type FraudHoldsContext } from '../../../src/machines/fraud-holds/fraud-holds.machine';
import { ALREADY_DECIDED, HOLD_REASON_LABELS, type Hold } from '../../../src/contracts/acquire-fraud';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-ios';
const hold = (id: string, patch: Partial<Hold> = {}): Hold => ({
  id,
  questId: 'q1',
  questName: 'Dragon Tamer',
  playerId: `player-${id}`,
  stepIndex: 0,
  eventName: 'af_tutorial_completion',
  payout: 0.5,
  reason: 'shared_device',
  evidence: { 'device id': 'dev-farm', 'other players in 24 h': 3 },
  status: 'held',
  completedAt: '2026-11-27T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...patch,
});
const COUNTS = { held: 3, released: 0, rejected: 1 };
/** The tab's words (src/machines/fraud-holds), literal. */
const LOAD_FAILED = 'Held completions could not be loaded.';
const MORE_FAILED = 'More held completions could not be loaded.';
const refusal = (actor: string, status: number, message: string, code: string) =>
  ({ type: `xstate.error.actor.${actor}`, error: new ApiError(status, message, code), actorId: actor }) as EventObject;

const E = {
  retry: { type: 'RETRY' },
  showRejected: { type: 'SHOW', status: 'rejected' },
  more: { type: 'MORE' },
  release: { type: 'DECIDE', id: '1', decision: 'release' },
  reject: { type: 'DECIDE', id: '2', decision: 'reject' },
  loaded: doneEvent('loadHolds', {
    success: true,
    holds: [hold('1'), hold('2', { playerId: 'player-2', reason: 'too_fast' })],
    nextCursor: 'c2',
    counts: COUNTS,
  }),
  loadedEmpty: doneEvent('loadHolds', {
    success: true,
    holds: [],
    nextCursor: null,
    counts: { held: 0, released: 0, rejected: 1 },
  }),
  loadFailed: crashEvent('loadHolds'),
  moreLoaded: doneEvent('loadMoreHolds', { success: true, holds: [hold('3')], nextCursor: null, counts: COUNTS }),
  moreFailed: crashEvent('loadMoreHolds'),
  released: doneEvent('decideHold', {
    success: true,
    message: 'Released: $0.50 charged for player-1.',
    hold: hold('1', { status: 'released', decidedBy: 'Ed Editor', decidedAt: '2026-11-27T10:00:00.000Z' }),
    counts: { held: 2, released: 1, rejected: 1 },
  }),
  taken: refusal('decideHold', 409, ALREADY_DECIDED, 'already_decided'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as FraudHoldsContext;
const errorOf = (event: EventObject) => (event as EventObject & { error?: unknown }).error;
const routed = (method: string, url: RegExp, name: string): EventEntry<Ui> =>
  outcome<Ui>(
    { method, url },
    (event) => {
      const error = errorOf(event);
      if (error instanceof ApiError)
        return { status: error.status, json: { success: false, message: error.message, code: error.code } };
      if (event.type.startsWith('xstate.error.')) return answers.crash;
      return { status: 200, json: (event as EventObject & { output: unknown }).output };
    },
    (event) => (event.type.startsWith('xstate.error.') ? `${name} refused` : `${name} ✓`),
  );
const HOLDS = '/api/app/[^/]+/acquire/holds';
const listCall = routed('GET', new RegExp(`${HOLDS}(\\?.*)?$`), 'list');
const decideCall = routed('POST', new RegExp(`${HOLDS}/[^/]+/(release|reject)$`), 'decide');

const list = (ui: Ui, state: AnyMachineSnapshot) =>
  ui.page.getByRole('list', {
    name: `${ctx(state).status[0]!.toUpperCase()}${ctx(state).status.slice(1)} completions`,
    exact: true,
  });

const open = async (ui: Ui) => {
  await ui.page.goto(appPath(APP, 'acquire/holds'));
  await expect(ui.page.getByRole('tab', { name: /^Held completions/ })).toHaveAttribute('aria-selected', 'true', {
    timeout: 20_000,
  });
};
const input = { appId: APP };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

export const fraudHoldsTable: FlowTable<Ui> = {
  flow: 'fraud-holds',
  machine: fraudHoldsMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).holds.length, ctx(state).nextCursor, ctx(state).status]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.editor);
    return { page };
  },
  traversals: [
    // Release one (charged), then another editor decided the next first: the server's words.
    journey('decide', [E.loaded, E.release, E.released, E.reject, E.taken]),
    // Load more: failing once (rows kept), then the last page.
    journey('more', [E.loaded, E.more, E.moreFailed, E.more, E.moreLoaded]),
    // A crashed load (Try again), then the rejected ones: none.
    journey('load failed', [E.loadFailed, E.retry, E.loaded, E.showRejected, E.loadedEmpty]),
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    SHOW: {
      act: (ui, event: { status: string }) =>
        ui.page.getByRole('button', { name: new RegExp(`^${event.status}`, 'i') }).click(),
      label: (event: { status: string }) => `SHOW ${event.status}`,
    },
    MORE: { act: (ui) => ui.page.getByRole('button', { name: 'Load more', exact: true }).click() },
    // By keyboard: the decision's button focused and pressed with Enter.
    DECIDE: {
      act: async (ui, event: { id: string; decision: string }) => {
        const verb = event.decision === 'release' ? 'Release' : 'Reject';
        const button = ui.page.getByRole('button', { name: new RegExp(`^${verb} player-${event.id}'s step 1`) });
        await button.focus();
        await ui.page.keyboard.press('Enter');
      },
      label: (event: { id: string; decision: string }) => `DECIDE ${event.decision}`,
    },
    'xstate.done.actor.loadHolds': listCall,
    'xstate.error.actor.loadHolds': listCall,
    'xstate.done.actor.loadMoreHolds': listCall,
    'xstate.error.actor.loadMoreHolds': listCall,
    'xstate.done.actor.decideHold': decideCall,
    'xstate.error.actor.decideHold': decideCall,
  },
  states: {
    'fraudHolds.loading': async (ui) => {
      await expect(ui.page.getByText('Loading held completions…', { exact: true })).toBeVisible();
    },
    'fraudHolds.failed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'fraudHolds.list': async (ui, state) => {
      const { holds, notice, error, moreError, counts, status, nextCursor } = ctx(state);
      await expect(ui.page.getByRole('button', { name: `Rejected (${counts.rejected})`, exact: true })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: new RegExp(`^${status}`, 'i') }).first()).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      if (holds.length === 0)
        await expect(
          ui.page.getByText(status === 'held' ? 'No completions are held.' : `No ${status} completions.`, {
            exact: true,
          }),
        ).toBeVisible();
      else
        await expect(
          list(ui, state)
            .getByRole('listitem')
            .filter({ has: ui.page.getByRole('heading') }),
        ).toHaveCount(holds.length);
      for (const h of holds) {
        const card = list(ui, state)
          .getByRole('listitem')
          .filter({ hasText: `Player ${h.playerId}` });
        await expect(card).toContainText(HOLD_REASON_LABELS[h.reason]);
        await expect(card).toContainText('2026-11-27 09:30 UTC');
      }
      await expect(ui.page.getByRole('button', { name: 'Load more', exact: true })).toHaveCount(
        nextCursor && holds.length ? 1 : 0,
      );
      if (notice) await expect(ui.page.getByText(notice, { exact: true })).toBeVisible();
      if (error) await expect(ui.page.getByRole('alert').filter({ hasText: error })).toBeVisible();
      if (moreError) await expect(ui.page.getByRole('alert').filter({ hasText: MORE_FAILED })).toBeVisible();
    },
    'fraudHolds.loadingMore': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Load more', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'fraudHolds.deciding': async (ui, state) => {
      const { target, decision } = ctx(state);
      const verb = decision === 'release' ? 'Release' : 'Reject';
      await expect(
        ui.page.getByRole('button', { name: new RegExp(`^${verb} player-${target}'s step 1`) }),
      ).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
