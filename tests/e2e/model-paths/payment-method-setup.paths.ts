/**
 * The payment-method-setup flow's table (src/machines/payment-method-setup/payment-method-setup.machine.ts, the Add
 * payment method box of src/views/billing/PaymentMethodsTab.tsx and the banner of BillingPage.tsx; docs/billing.md §Screens and routes billing
 * ?success=true 'Payment method added successfully', §API endpoints set up payment method → redirect URL): each event → what the
 * admin does, each state → what the page shows; the redirect lands on the sandbox hosted payment page our server
 * serves. Every test works in a throwaway workspace of its own. Refusals and crashes are answered through routes.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  paymentMethodSetupMachine,
  type SetupContext,
} from '../../../src/machines/payment-method-setup/payment-method-setup.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { throwawayWorkspace } from '../pages/apps.page';
import { billingPath } from '../pages/billing.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

interface SetupUi extends Ui {
  workspaceId: string;
}

const ADDED = 'Payment method added successfully';
/** Ours (docs/billing.md §Messages gives no billing messages). */
const SETUP_FAILED = 'We could not open the payment page. Please try again later.';

const E = {
  start: { type: 'START' },
  cancel: { type: 'CANCEL' },
  dismiss: { type: 'DISMISS' },
  opened: doneEvent('requestSetup', { success: true, url: '/sandbox/payments/setup/path' }),
  refused: doneEvent('requestSetup', { success: false, url: '' }),
  crashed: crashEvent('requestSetup'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as SetupContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isError(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const SETUP_URL = { method: 'POST', url: /\/billing\/payment-methods\/setup$/ };
const setupCall = outcome<SetupUi>(
  SETUP_URL,
  (event) =>
    isError(event)
      ? answers.crash
      : succeeded(event)
        ? answers.server
        : { status: 200, json: { success: false, url: '' } },
  (event) => (isError(event) ? 'requestSetup 500' : succeeded(event) ? 'requestSetup ✓' : 'requestSetup refused'),
);
/** CANCEL: the call is held from the step that sends it, and dropped once the page gave it up. */
const cancelledCall = outcome<SetupUi>(SETUP_URL, () => 'abort' as const);

const addButton = (ui: SetupUi) => ui.page.getByRole('button', { name: 'Add payment method', exact: true });
const banner = (ui: SetupUi) => ui.page.getByRole('status').getByText(ADDED, { exact: true });

export const paymentMethodSetupTable: FlowTable<SetupUi> = {
  flow: 'payment-method-setup',
  machine: paymentMethodSetupMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    return { page, workspaceId: (await throwawayWorkspace(page.request, token)).id };
  },
  traversals: [
    {
      name: 'add',
      kind: 'shortest',
      input: { workspaceId: 'paths', returned: false },
      open: (ui) => ui.page.goto(billingPath(ui.workspaceId, 'payment-methods')).then(() => undefined),
      events: [E.start, E.opened, E.refused],
    },
    {
      // Back from the hosted page (?success=true): the words (docs/billing.md §Screens and routes), on the Payment Methods tab's own address.
      name: 'back from the hosted page',
      kind: 'shortest',
      input: { workspaceId: 'paths', returned: true },
      open: (ui) => ui.page.goto(`${billingPath(ui.workspaceId)}?success=true`).then(() => undefined),
      events: [E.dismiss, E.start],
    },
    {
      // Cancelled while asking; a crash says so and is dismissed; a refusal, then the hosted page opens.
      name: 'cancel, failures, then the hosted page',
      kind: 'journey',
      input: { workspaceId: 'paths', returned: false },
      open: (ui) => ui.page.goto(billingPath(ui.workspaceId, 'payment-methods')).then(() => undefined),
      events: [E.start, E.cancel, E.start, E.crashed, E.dismiss, E.start, E.refused, E.start, E.opened],
    },
  ],
  events: {
    START: { act: (ui) => addButton(ui).click() },
    CANCEL: {
      arrange: cancelledCall.arrange,
      act: async (ui, event, before) => {
        await ui.page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(addButton(ui)).not.toHaveAttribute('aria-busy', 'true');
        await cancelledCall.act(ui, event, before);
      },
    },
    DISMISS: { act: (ui) => ui.page.getByRole('button', { name: 'Dismiss', exact: true }).click() },
    'xstate.done.actor.requestSetup': setupCall,
    'xstate.error.actor.requestSetup': setupCall,
  },
  states: {
    'paymentMethodSetup.start': TRANSIENT,
    'paymentMethodSetup.returned': async (ui) => {
      await expect(banner(ui)).toBeVisible();
      // The address becomes the tab's own, so a reload does not say it again.
      await expect(ui.page).toHaveURL(new RegExp(`${billingPath(ui.workspaceId, 'payment-methods')}$`));
      await expect(addButton(ui)).toBeEnabled();
    },
    'paymentMethodSetup.idle': async (ui) => {
      await expect(banner(ui)).toHaveCount(0);
      await expect(ui.page.getByText(SETUP_FAILED, { exact: true })).toHaveCount(0);
      await expect(addButton(ui)).toBeEnabled();
      await expect(addButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'paymentMethodSetup.requesting': async (ui) => {
      await expect(addButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(ui.page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    },
    'paymentMethodSetup.failed': async (ui, state) => {
      expect(ctx(state).error).toBe(SETUP_FAILED);
      await expect(ui.page.getByRole('alert').filter({ hasText: SETUP_FAILED })).toHaveText(SETUP_FAILED);
      await expect(addButton(ui)).toBeEnabled();
    },
    'paymentMethodSetup.redirecting': async (ui) => {
      // The sandbox hosted payment page, labelled as such.
      await expect(ui.page).toHaveURL(/\/sandbox\/payments\/setup\//);
      await expect(ui.page.getByRole('note')).toContainText('Sandbox');
      await expect(ui.page.getByLabel('Card number', { exact: true })).toBeVisible();
    },
  },
  timeout: 60_000,
};
