/**
 * The account page's name form (src/machines/account-profile/account-profile.machine.ts, /account): each test signs
 * in as an account of its own (tests/e2e/pages/account.page.ts). The real server saves the name (the page loaded
 * again shows it); a crash is answered through a Playwright route.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import {
  accountProfileMachine,
  type AccountProfileContext,
  type AccountProfileEvent,
} from '../../../src/machines/account-profile/account-profile.machine';
import { OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { signInByApi } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const SAVED = 'Your name was saved.';
const SAVE_FAILED = 'We could not save your name. Please try again.';
const E = {
  blank: { type: 'CHANGE', field: 'firstName', value: ' ' },
  first: { type: 'CHANGE', field: 'firstName', value: 'Petra' },
  last: { type: 'CHANGE', field: 'lastName', value: 'Pathfinder' },
  submit: { type: 'SUBMIT' },
  saved: doneEvent('saveProfile', { success: true, firstName: 'Petra', lastName: 'Pathfinder' }),
  crashed: crashEvent('saveProfile'),
};
type Ev<K extends AccountProfileEvent['type']> = Extract<AccountProfileEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AccountProfileContext;
const saveCall = outcome<Ui>(
  { method: 'PUT', url: /\/api\/account\/profile$/ },
  (event) => (event.type.startsWith('xstate.done.') ? answers.server : answers.crash),
  (event) => (event.type.startsWith('xstate.done.') ? 'save ✓' : 'save 500'),
);
const field = (ui: Ui, name: 'firstName' | 'lastName') =>
  ui.page.getByLabel(name === 'firstName' ? 'First name' : 'Last name', { exact: true });
const saveButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Save name' });
const open = async (ui: Ui) => {
  await ui.page.goto('/account');
  await expect(ui.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
};
const input = { firstName: 'Paula', lastName: 'Paths' };

export const accountProfileTable: FlowTable<Ui> = {
  flow: 'account-profile',
  machine: accountProfileMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).errors, ctx(state).error !== null]),
  async setup(page) {
    const email = await ownAccount(page.request);
    await signInByApi(page, email, OWN_PASSWORD);
    return { page };
  },
  traversals: [
    {
      name: 'blank, crash, save',
      kind: 'journey',
      input,
      open,
      events: [E.blank, E.submit, E.first, E.last, E.submit, E.crashed, E.submit, E.saved],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui, event.field).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field}=${event.value}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    'xstate.done.actor.saveProfile': saveCall,
    'xstate.error.actor.saveProfile': saveCall,
  },
  states: {
    'accountProfile.editing': async (ui, state, via) => {
      const { firstName, lastName, errors, error } = ctx(state);
      if (via.type === 'xstate.done.actor.saveProfile') {
        await expect(ui.page.getByText(SAVED, { exact: true })).toBeVisible();
        // Saved for good: the page loaded again shows the new name (the checks below).
        await open(ui);
      }
      await expect(field(ui, 'firstName')).toHaveValue(firstName);
      await expect(field(ui, 'lastName')).toHaveValue(lastName);
      if (errors.firstName) await expect(ui.page.getByText('First name is required.', { exact: true })).toBeVisible();
      if (error) await expect(ui.page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeVisible();
    },
    'accountProfile.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 60_000,
};
