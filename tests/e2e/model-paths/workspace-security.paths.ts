/**
 * The workspace security table (src/machines/workspace-security, src/views/workspace/WorkspaceSecuritySection.tsx;
 * docs/accounts.md §Two-factor sign-in): each event → what the admin does in the Security card of
 * /workspace/{id}/settings, each state → what the card shows. The calls are routed with the machine's own answers (a
 * refusal in the server's words is a 409 ApiError); the real requirement is tested in
 * tests/server/workspace-two-factor.test.ts.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  SECURITY_LOAD_FAILED,
  workspaceSecurityMachine,
  type WorkspaceSecurityContext,
} from '../../../src/machines/workspace-security/workspace-security.machine';
import { TWO_FACTOR_YOURS_FIRST, type WorkspaceSecurity } from '../../../src/contracts/workspace';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const WORKSPACE = 'demo-studio';
const security = (requireTwoFactor: boolean, youHaveTwoFactor = true): WorkspaceSecurity => ({
  success: true,
  requireTwoFactor,
  membersWithoutTwoFactor: 2,
  youHaveTwoFactor,
});
const errorOf = (event: EventObject) => (event as EventObject & { error?: unknown }).error;

const E = {
  toggle: { type: 'TOGGLE' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  retry: { type: 'RETRY' },
  loadedOff: doneEvent('loadSecurity', security(false)),
  loadedOn: doneEvent('loadSecurity', security(true)),
  loadedWithout: doneEvent('loadSecurity', security(false, false)),
  loadFailed: crashEvent('loadSecurity'),
  savedOn: doneEvent('saveSecurity', security(true)),
  savedOff: doneEvent('saveSecurity', security(false)),
  saveCrashed: crashEvent('saveSecurity'),
  saveRefused: {
    type: 'xstate.error.actor.saveSecurity',
    error: new ApiError(409, TWO_FACTOR_YOURS_FIRST, 'two_factor_yours_first'),
    actorId: 'saveSecurity',
  } as EventObject,
};

const ctx = (state: AnyMachineSnapshot) => state.context as WorkspaceSecurityContext;
const SECURITY = /\/api\/workspace\/[^/]+\/security$/;
const routed = (method: string, name: string): EventEntry<Ui> =>
  outcome<Ui>(
    { method, url: SECURITY },
    (event) => {
      const error = errorOf(event);
      if (error instanceof ApiError)
        return { status: error.status, json: { success: false, message: error.message, code: error.code } };
      if (event.type.startsWith('xstate.error.')) return answers.crash;
      return { status: 200, json: (event as EventObject & { output: unknown }).output };
    },
    (event) =>
      `${name} ${errorOf(event) instanceof ApiError ? 'refused' : event.type.startsWith('xstate.error.') ? '500' : '✓'}`,
  );
const loadCall = routed('GET', 'security');
const saveCall = routed('POST', 'save');

const card = (ui: Ui) => ui.page.getByRole('region', { name: 'Security', exact: true });
const requireSwitch = (ui: Ui) => card(ui).getByRole('switch', { name: 'Require two-factor sign-in', exact: true });
const dialog = (ui: Ui) => ui.page.getByRole('dialog', { name: 'Require two-factor sign-in?', exact: true });

const open = async (ui: Ui) => {
  await ui.page.goto(`/workspace/${WORKSPACE}/settings`);
  await expect(ui.page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible({
    timeout: 20_000,
  });
};
const input = { workspaceId: WORKSPACE };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

export const workspaceSecurityTable: FlowTable<Ui> = {
  flow: 'workspace-security',
  machine: workspaceSecurityMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).security, ctx(state).error]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.admin);
    return { page };
  },
  traversals: [
    // Turning it on: Cancel once, then confirmed and saved; then turned off at once.
    journey('require, then not', [
      E.loadedOff,
      E.toggle,
      E.cancel,
      E.toggle,
      E.confirm,
      E.savedOn,
      E.toggle,
      E.savedOff,
    ]),
    // A crashed load (Try again), then a save that crashes.
    journey('load failed', [E.loadFailed, E.retry, E.loadedOn, E.toggle, E.saveCrashed]),
    // The server refuses in its words (the admin has no two-factor sign-in of their own).
    journey('refused', [E.loadedOff, E.toggle, E.confirm, E.saveRefused]),
    // The admin has no two-factor sign-in: the switch waits, the card links to the account page.
    journey('blocked', [E.loadedWithout]),
  ],
  events: {
    TOGGLE: {
      // By keyboard: the switch takes the focus and Space flips it.
      act: async (ui) => {
        await requireSwitch(ui).focus();
        await ui.page.keyboard.press('Space');
      },
    },
    CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Require', exact: true }).click() },
    CANCEL: { act: (ui) => dialog(ui).getByRole('button', { name: 'Cancel', exact: true }).click() },
    RETRY: { act: (ui) => card(ui).getByRole('button', { name: 'Try again', exact: true }).click() },
    'xstate.done.actor.loadSecurity': loadCall,
    'xstate.error.actor.loadSecurity': loadCall,
    'xstate.done.actor.saveSecurity': saveCall,
    'xstate.error.actor.saveSecurity': saveCall,
  },
  states: {
    'workspaceSecurity.loading': async (ui) => {
      await expect(card(ui).getByText('Loading the security settings…', { exact: true })).toBeVisible();
    },
    'workspaceSecurity.failed': async (ui) => {
      await expect(card(ui).getByRole('alert').filter({ hasText: SECURITY_LOAD_FAILED })).toBeVisible();
      await expect(card(ui).getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'workspaceSecurity.ready': async (ui, state) => {
      const { security, error } = ctx(state);
      await expect(dialog(ui)).toHaveCount(0);
      await expect(requireSwitch(ui)).toBeChecked({ checked: security!.requireTwoFactor });
      const blocked = !security!.requireTwoFactor && !security!.youHaveTwoFactor;
      if (blocked) {
        await expect(requireSwitch(ui)).toBeDisabled();
        await expect(card(ui).getByRole('link', { name: 'your account page', exact: true })).toBeVisible();
      } else await expect(requireSwitch(ui)).toBeEnabled();
      await expect(card(ui).getByText('2 members have not turned it on yet.', { exact: false })).toBeVisible();
      if (error) await expect(card(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
      else await expect(card(ui).getByRole('alert')).toHaveCount(0);
    },
    'workspaceSecurity.confirming': async (ui) => {
      await expect(dialog(ui)).toBeVisible();
      await expect(dialog(ui)).toContainText('2 members of');
    },
    'workspaceSecurity.saving': async (ui) => {
      await expect(card(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 60_000,
};
