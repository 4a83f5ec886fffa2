/**
 * Paths of the payment-method setup machine (src/machines/payment-method-setup; docs/billing.md §Screens and routes billing: success=true shows
 * 'Payment method added successfully'; §API endpoints set up payment method returning a redirect URL): every state reachable;
 * the journey to the hosted page; the return with success=true; each failure (success: false, a refusal in words,
 * a crash, no network); cancel while asking.
 */
import { describe, expect, it } from 'vitest';
import { paymentMethodSetupMachine } from '../../src/machines/payment-method-setup/payment-method-setup.machine';
import { selectSetup } from '../../src/machines/payment-method-setup/payment-method-setup.selectors';
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

const ADDED = 'Payment method added successfully';
const SETUP_FAILED = 'We could not open the payment page. Please try again later.';
const fresh = { workspaceId: 'demo-studio', returned: false };
const back = { workspaceId: 'demo-studio', returned: true };
const URL_ = '/sandbox/payments/setup/abc';

const model = defineModel(paymentMethodSetupMachine, {
  START: { type: 'START' },
  CANCEL: { type: 'CANCEL' },
  DISMISS: { type: 'DISMISS' },
  'xstate.done.actor.requestSetup': [
    done('requestSetup', { success: true, url: URL_ }),
    done('requestSetup', { success: false, url: '' }),
  ],
  'xstate.error.actor.requestSetup': [
    failed('requestSetup', apiError(503, 'The payments provider is not available.', 'payments_unavailable')),
    failed('requestSetup', serverCrash()),
  ],
});
const ev = {
  start: fixture(model, 'START'),
  cancel: fixture(model, 'CANCEL'),
  dismiss: fixture(model, 'DISMISS'),
  url: fixture(model, 'xstate.done.actor.requestSetup', 0),
  refused: fixture(model, 'xstate.done.actor.requestSetup', 1),
  unavailable: fixture(model, 'xstate.error.actor.requestSetup', 0),
  crash: fixture(model, 'xstate.error.actor.requestSetup', 1),
};
const spied = () =>
  spyActions(paymentMethodSetupMachine.provide({ actors: { requestSetup: pendingForever() } }), [
    'redirect',
    'methodsChanged',
    'clearReturnFlag',
  ]);

describe('payment-method-setup machine paths', () => {
  it('reaches every state node from a fresh page and from the return', () => {
    const paths = [
      ...shortestPaths(paymentMethodSetupMachine, model.events, { input: fresh }),
      ...shortestPaths(paymentMethodSetupMachine, model.events, { input: back }),
    ];
    expect(unreachedStateNodeIds(paymentMethodSetupMachine, paths, ['paymentMethodSetup.start'])).toEqual([]);
    expect(stateNodeIds(paymentMethodSetupMachine).sort()).toEqual(
      ['failed', 'idle', 'redirecting', 'requesting', 'returned', 'start'].map((s) => `paymentMethodSetup.${s}`),
    );
  });

  it('Add payment method → the server gives the hosted page → the browser goes there', async () => {
    const path = pathOf(paymentMethodSetupMachine, [ev.start, ev.url], fresh);
    expect(selectSetup(path.steps[1]!.state)).toEqual({ busy: true, added: null, error: null });
    expect(path.state.status).toBe('done');
    const { machine, spies } = spied();
    (await replay(machine, path, fresh)).stop();
    expect(spies.redirect.mock.calls).toEqual([[{ url: URL_ }]]);
    expect(spies.methodsChanged).not.toHaveBeenCalled();
  });

  it('back with success=true: says so, re-reads the methods and drops the flag; DISMISS hides it', async () => {
    const start = pathOf(paymentMethodSetupMachine, [], back).state;
    expect(selectSetup(start).added).toBe(ADDED);
    const path = pathOf(paymentMethodSetupMachine, [ev.dismiss], back);
    expect(selectSetup(path.state).added).toBeNull();
    const { machine, spies } = spied();
    (await replay(machine, path, back)).stop();
    expect(spies.methodsChanged.mock.calls).toEqual([[{ workspaceId: 'demo-studio' }]]);
    expect(spies.clearReturnFlag.mock.calls).toEqual([[{ workspaceId: 'demo-studio' }]]);
  });

  it('a fresh page says nothing and re-reads nothing', () => {
    const start = pathOf(paymentMethodSetupMachine, [], fresh).state;
    expect(start.matches('idle')).toBe(true);
    expect(selectSetup(start)).toEqual({ busy: false, added: null, error: null });
  });

  it('success: false → our words; START again goes to the page', async () => {
    const path = pathOf(paymentMethodSetupMachine, [ev.start, ev.refused, ev.start, ev.url], fresh);
    expect(selectSetup(path.steps[2]!.state).error).toBe(SETUP_FAILED);
    expect(path.state.status).toBe('done');
  });

  it("a refusal in words shows the server's reason; a crash shows ours, never the server's", () => {
    expect(selectSetup(pathOf(paymentMethodSetupMachine, [ev.start, ev.unavailable], fresh).state).error).toBe(
      'The payments provider is not available.',
    );
    expect(selectSetup(pathOf(paymentMethodSetupMachine, [ev.start, ev.crash], fresh).state).error).toBe(SETUP_FAILED);
  });

  it('no network → the client says so', () => {
    const offline = failed(
      'requestSetup',
      apiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network'),
    );
    expect(selectSetup(pathOf(paymentMethodSetupMachine, [ev.start, offline], fresh).state).error).toBe(
      'Cannot reach Questboard. Check your connection and try again.',
    );
  });

  it('a failure is dismissed back to idle', () => {
    const path = pathOf(paymentMethodSetupMachine, [ev.start, ev.refused, ev.dismiss], fresh);
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.context.error).toBeNull();
  });

  it('cancel while asking: back to idle, nothing redirects', async () => {
    const path = pathOf(paymentMethodSetupMachine, [ev.start, ev.cancel], fresh);
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.can(ev.url)).toBe(false);
    const { machine, spies } = spied();
    (await replay(machine, path, fresh)).stop();
    expect(spies.redirect).not.toHaveBeenCalled();
  });

  it('from the return, START goes to the hosted page again', () => {
    expect(pathOf(paymentMethodSetupMachine, [ev.start, ev.url], back).state.status).toBe('done');
  });
});
