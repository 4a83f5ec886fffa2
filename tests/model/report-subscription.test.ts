/**
 * The report-subscription machine (src/machines/report-subscription): the list loads (or fails, with Try again); a
 * new subscription's draft is checked as the server checks it before SAVE leaves the dialog; a refused save keeps
 * the dialog with the server's words; Escape (CLOSE) drops the draft; pause and delete change the list.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  LOAD_FAILED,
  reportSubscriptionMachine,
  type SaveInput,
} from '../../src/machines/report-subscription/report-subscription.machine';
import {
  selectSubscriptionDialog,
  selectSubscriptions,
} from '../../src/machines/report-subscription/report-subscription.selectors';
import { CHANNEL_REQUIRED, type Subscription } from '../../src/contracts/report-subscriptions';

const sub = (id: string, patch: Partial<Subscription> = {}): Subscription => ({
  id,
  target: { kind: 'report', appId: 'app', id: 'r1' },
  title: 'Daily players',
  frequency: 'daily',
  hour: 8,
  weekday: null,
  timeZone: 'UTC',
  email: true,
  webhookId: null,
  paused: false,
  nextRunAt: '2026-07-01T08:00:00.000Z',
  lastSentAt: null,
  createdAt: '2026-06-30T08:00:00.000Z',
  ...patch,
});

function start(options: { loadFails?: boolean; saveFails?: string } = {}) {
  const saved: SaveInput[] = [];
  const machine = reportSubscriptionMachine.provide({
    actors: {
      load: fromPromise(async () => {
        if (options.loadFails) throw new Error('down');
        return { success: true as const, subscriptions: [sub('s1')], webhooks: [] };
      }),
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        saved.push(input);
        if (options.saveFails) throw new Error(options.saveFails);
        return {
          success: true as const,
          subscription: sub('s2', { frequency: input.draft.frequency, hour: input.draft.hour }),
        };
      }),
      toggle: fromPromise(async ({ input }: { input: { subscription: Subscription; paused: boolean } }) => ({
        success: true as const,
        subscription: { ...input.subscription, paused: input.paused, nextRunAt: null },
      })),
      remove: fromPromise(async () => ({ success: true as const, subscriptions: [], webhooks: [] })),
    },
  });
  const actor = createActor(machine, {
    input: { workspaceId: 'w', target: { kind: 'report', appId: 'app', id: 'r1', title: 'Daily players' } },
  }).start();
  return { actor, saved };
}

describe('report-subscription machine', () => {
  it('loads the list; a failed load offers Try again', async () => {
    const { actor } = start({ loadFails: true });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectSubscriptions(actor.getSnapshot())?.error).toBe(LOAD_FAILED);
    const ok = start();
    await waitFor(ok.actor, (s) => s.matches('ready'));
    expect(selectSubscriptions(ok.actor.getSnapshot())?.items.map((i) => i.schedule)).toEqual(['Daily at 08:00 (UTC)']);
  });

  it('checks the draft before saving, saves, and closes', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    expect(selectSubscriptionDialog(actor.getSnapshot())?.open).toBe(true);
    actor.send({ type: 'CHANGE', patch: { email: false } });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(selectSubscriptionDialog(actor.getSnapshot())?.error).toBe(CHANNEL_REQUIRED);
    expect(saved).toHaveLength(0);
    actor.send({ type: 'CHANGE', patch: { email: true, frequency: 'weekly', weekday: 2, hour: 17 } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(saved[0]!.draft).toMatchObject({ frequency: 'weekly', weekday: 2, hour: 17 });
    expect(selectSubscriptions(actor.getSnapshot())?.items).toHaveLength(2);
  });

  it("keeps the dialog with the server's words when a save is refused; CLOSE drops the draft", async () => {
    const { actor } = start({ saveFails: 'The hour must be a whole number from 0 to 23.' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }) && s.context.error !== null);
    expect(selectSubscriptionDialog(actor.getSnapshot())?.error).toBe('The hour must be a whole number from 0 to 23.');
    actor.send({ type: 'CLOSE' });
    expect(selectSubscriptionDialog(actor.getSnapshot())?.open).toBe(false);
  });

  it('pauses and deletes', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'PAUSE', id: 's1', paused: true });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.busyId === null);
    expect(selectSubscriptions(actor.getSnapshot())?.items[0]?.paused).toBe(true);
    actor.send({ type: 'DELETE', id: 's1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.subscriptions.length === 0);
    expect(selectSubscriptions(actor.getSnapshot())?.items).toEqual([]);
  });
});
