/**
 * Paths of the redeem-promo machine (src/machines/redeem-promo; docs/billing.md §Rules and limits "Promo code Redeem disabled when empty"):
 * every state reachable; redeem → credit added; each refusal (unknown, expired, used, too many attempts, success:
 * false, a crash); cancel while redeeming; an empty or blank code cannot be sent.
 */
import { describe, expect, it } from 'vitest';
import { redeemPromoMachine } from '../../src/machines/redeem-promo/redeem-promo.machine';
import { selectRedeem } from '../../src/machines/redeem-promo/redeem-promo.selectors';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  stateNodeIds,
  unreachedStateNodeIds,
} from './graph-harness';

const REDEEM_FAILED = 'We could not redeem the promo code. Please try again later.';
const input = { workspaceId: 'demo-studio' };
const refusals = {
  unknown: apiError(404, 'This promo code does not exist. Check the spelling and try again.', 'promo_unknown'),
  expired: apiError(410, 'This promo code has expired.', 'promo_expired'),
  used: apiError(409, 'This promo code has already been redeemed for this workspace.', 'promo_used'),
  limited: apiError(429, 'Too many promo code attempts. Please wait 15 minutes and try again.', 'promo_rate_limited'),
};

const model = defineModel(redeemPromoMachine, {
  TYPE: [
    { type: 'TYPE', code: 'QUEST50' },
    { type: 'TYPE', code: '   ' },
  ],
  REDEEM: { type: 'REDEEM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.redeem': [
    done('redeem', { success: true, message: 'Promo code redeemed: $50.00 of credits added.' }),
    done('redeem', { success: false }),
  ],
  'xstate.error.actor.redeem': [
    failed('redeem', refusals.unknown),
    failed('redeem', refusals.expired),
    failed('redeem', refusals.used),
    failed('redeem', refusals.limited),
    failed('redeem', serverCrash()),
  ],
});
const ev = {
  type: fixture(model, 'TYPE', 0),
  blank: fixture(model, 'TYPE', 1),
  redeem: fixture(model, 'REDEEM'),
  cancel: fixture(model, 'CANCEL'),
  ok: fixture(model, 'xstate.done.actor.redeem', 0),
  notOk: fixture(model, 'xstate.done.actor.redeem', 1),
};
const spied = () =>
  spyActions(redeemPromoMachine.provide({ actors: { redeem: pendingForever() } }), ['notify', 'creditsChanged']);

describe('redeem-promo machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(redeemPromoMachine, model.events, { input });
    expect(unreachedStateNodeIds(redeemPromoMachine, paths)).toEqual([]);
    expect(stateNodeIds(redeemPromoMachine).sort()).toEqual(['redeemPromo.editing', 'redeemPromo.redeeming']);
  });

  it('Redeem is disabled while the code is empty or blank; REDEEM then does nothing', () => {
    const empty = pathOf(redeemPromoMachine, [], input).state;
    expect(selectRedeem(empty).canRedeem).toBe(false);
    expect(empty.can(ev.redeem)).toBe(false);
    const blank = pathOf(redeemPromoMachine, [ev.blank], input).state;
    expect(selectRedeem(blank).canRedeem).toBe(false);
    expect(blank.can(ev.redeem)).toBe(false);
    expect(selectRedeem(pathOf(redeemPromoMachine, [ev.type], input).state).canRedeem).toBe(true);
  });

  it('redeem → the credit is added: snackbar with the server words, credits re-read, the box emptied', async () => {
    const path = pathOf(redeemPromoMachine, [ev.type, ev.redeem, ev.ok], input);
    expect(selectRedeem(path.steps[2]!.state)).toMatchObject({ busy: true, canRedeem: false });
    expect(selectRedeem(path.state)).toEqual({ code: '', busy: false, canRedeem: false, error: null });
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'Promo code redeemed: $50.00 of credits added.', kind: 'success' }],
    ]);
    expect(spies.creditsChanged.mock.calls).toEqual([[{ workspaceId: 'demo-studio' }]]);
  });

  for (const [name, error] of Object.entries(refusals)) {
    it(`refused (${name}): the reason under the box, the code kept, nothing re-read`, async () => {
      const path = pathOf(redeemPromoMachine, [ev.type, ev.redeem, failed('redeem', error)], input);
      expect(selectRedeem(path.state)).toEqual({ code: 'QUEST50', busy: false, canRedeem: true, error: error.message });
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify).not.toHaveBeenCalled();
      expect(spies.creditsChanged).not.toHaveBeenCalled();
    });
  }

  it("success: false and a crash say our words, never the server's; typing clears them", () => {
    expect(pathOf(redeemPromoMachine, [ev.type, ev.redeem, ev.notOk], input).state.context.error).toBe(REDEEM_FAILED);
    const crashed = pathOf(redeemPromoMachine, [ev.type, ev.redeem, failed('redeem', serverCrash()), ev.type], input);
    expect(crashed.steps[3]!.state.context.error).toBe(REDEEM_FAILED);
    expect(crashed.state.context.error).toBeNull();
  });

  it('a retry after a refusal can succeed', () => {
    const path = pathOf(
      redeemPromoMachine,
      [ev.type, ev.redeem, failed('redeem', refusals.unknown), ev.redeem, ev.ok],
      input,
    );
    expect(selectRedeem(path.state)).toMatchObject({ code: '', error: null });
  });

  it('cancel while redeeming: back to editing with the code, nothing said', async () => {
    const path = pathOf(redeemPromoMachine, [ev.type, ev.redeem, ev.cancel], input);
    expect(selectRedeem(path.state)).toEqual({ code: 'QUEST50', busy: false, canRedeem: true, error: null });
    expect(path.state.can(ev.ok)).toBe(false);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('the code is capped at 64 characters', () => {
    const typed = { type: 'TYPE', code: 'X'.repeat(80) };
    const long = pathOf(redeemPromoMachine, [typed], input).state;
    expect(long.context.code).toHaveLength(64);
  });
});
