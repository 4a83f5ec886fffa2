/**
 * The payment-methods flow's table (src/machines/payment-methods/payment-methods.machine.ts,
 * src/views/billing/PaymentMethodsTab.tsx; docs/billing.md §Screens and routes billing, §Entities payment method, §API endpoints set default and delete): each
 * event → what the admin does on the Payment Methods tab, each state → what the tab shows. Every test works in a
 * throwaway workspace with two cards of its own (added through the sandbox hosted page), so Demo Studio's methods
 * stay as seeded. Refusals and crashes are answered through Playwright routes.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  paymentMethodsMachine,
  type MethodRef,
  type PaymentMethodsContext,
  type PaymentMethodsEvent,
} from '../../../src/machines/payment-methods/payment-methods.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { throwawayWorkspace } from '../pages/apps.page';
import { billingPath, cardByApi } from '../pages/billing.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface MethodsUi extends Ui {
  workspaceId: string;
  shell: Shell;
}

// Our words (docs/billing.md §Messages gives no billing messages), verbatim.
const DEFAULT_SET = 'Default payment method updated.';
const SET_DEFAULT_FAILED = 'We could not change the default payment method. Please try again later.';
const METHOD_DELETED = 'Payment method deleted.';
const DELETE_FAILED = 'We could not delete the payment method. Please try again later.';
const STILL_NEEDED = 'This payment method is still needed.';
const ONLY_METHOD =
  'This is your only payment method and charges are still pending. Add another payment method before deleting this one.';
const CANNOT_DELETE = 'This payment method is still needed';

const VISA: MethodRef = { id: 'visa', label: 'Visa ending in 4242' };
const AMEX: MethodRef = { id: 'amex', label: 'American Express ending in 0005' };

const ok = (message: string) => ({ status: 'done', answer: { success: true, message } }) as MutationOutcome;
const refused = (message?: string) =>
  ({ status: 'failed', answer: { success: false, message }, error: null }) as MutationOutcome;

const E = {
  setDefault: { type: 'SET_DEFAULT', method: AMEX },
  defaultSet: doneEvent('setDefault', ok(DEFAULT_SET)),
  defaultRefused: doneEvent('setDefault', refused()),
  defaultCrashed: crashEvent('setDefault'),
  delete: { type: 'DELETE', method: VISA },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  deleted: doneEvent('deleteMethod', ok(METHOD_DELETED)),
  deleteRefused: doneEvent('deleteMethod', refused(STILL_NEEDED)),
  deleteCrashed: crashEvent('deleteMethod'),
  /** The server refuses: the only method while charges are pending (409 payment_method_required). */
  deleteBlocked: doneEvent('deleteMethod', {
    status: 'failed',
    answer: null,
    error: Object.assign(new Error(ONLY_METHOD), { name: 'ApiError', status: 409, code: 'payment_method_required' }),
  }),
  addMethod: { type: 'ADD_METHOD' },
};
const blockedAnswer = { status: 409, json: { success: false, message: ONLY_METHOD, code: 'payment_method_required' } };
const isBlocked = (output: MutationOutcome) =>
  output.status === 'failed' && (output.error as { code?: string } | null)?.code === 'payment_method_required';

type Ev<K extends PaymentMethodsEvent['type']> = Extract<PaymentMethodsEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as PaymentMethodsContext;
const outputOf = (event: EventObject) => (event as EventObject & { output: MutationOutcome }).output;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const methodCall = (method: string, url: RegExp) =>
  outcome<MethodsUi>(
    { method, url },
    (event) => {
      if (isError(event)) return answers.crash;
      const output = outputOf(event);
      if (isBlocked(output)) return blockedAnswer;
      return output.status === 'done'
        ? answers.server
        : answers.refused(output.status === 'failed' ? output.answer?.message : undefined);
    },
    (event) => {
      const id = event.type.split('.').pop();
      return isError(event)
        ? `${id} 500`
        : outputOf(event).status === 'done'
          ? `${id} ✓`
          : isBlocked(outputOf(event))
            ? `${id} 409`
            : `${id} refused`;
    },
  );
const setDefaultCall = methodCall('POST', /\/billing\/payment-methods\/[^/]+\/default$/);
const deleteCall = methodCall('DELETE', /\/billing\/payment-methods\/[^/]+$/);

const list = (ui: MethodsUi) => ui.page.getByRole('list', { name: 'Payment methods', includeHidden: true });
const row = (ui: MethodsUi, label: string) =>
  list(ui)
    .getByRole('listitem', { includeHidden: true })
    .filter({ has: ui.page.getByRole('button', { name: `Delete ${label}`, includeHidden: true }) });
const dialog = (ui: MethodsUi) => new Modal(ui.page, 'Delete payment method');
const blockedDialog = (ui: MethodsUi) => new Modal(ui.page, CANNOT_DELETE);
const open = async (ui: MethodsUi) => {
  await ui.page.goto(billingPath(ui.workspaceId, 'payment-methods'));
  await expect(list(ui).getByRole('listitem')).toHaveCount(2);
};
const input = { workspaceId: 'paths' };

export const paymentMethodsTable: FlowTable<MethodsUi> = {
  flow: 'payment-methods',
  machine: paymentMethodsMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspaceId = (await throwawayWorkspace(page.request, token)).id;
    // The first card is the default; the second is the one made default.
    await cardByApi(page.request, token, workspaceId, { number: '4242 4242 4242 4242', cvc: '123' });
    await cardByApi(page.request, token, workspaceId, { number: '3782 822463 10005', cvc: '1234' });
    return { page, workspaceId, shell: new Shell(page) };
  },
  traversals: [
    {
      name: 'actions',
      kind: 'shortest',
      input,
      open,
      events: [E.setDefault, E.delete, E.confirm, E.deleteRefused, E.deleteBlocked, E.addMethod],
    },
    {
      // Set as default: refused and crashed say so and change nothing; the retry moves the badge. Delete: cancel
      // keeps the card; a refusal keeps the dialog with the server's reason, a crash with ours, cancel from there;
      // a refusal because the method is still needed offers adding one instead (no "Try again"); confirmed again,
      // the card goes.
      name: 'failures, then done',
      kind: 'journey',
      input,
      open,
      events: [
        E.setDefault,
        E.defaultRefused,
        E.setDefault,
        E.defaultCrashed,
        E.setDefault,
        E.defaultSet,
        E.delete,
        E.cancel,
        E.delete,
        E.confirm,
        E.deleteRefused,
        E.cancel,
        E.delete,
        E.confirm,
        E.deleteBlocked,
        E.addMethod,
        E.delete,
        E.confirm,
        E.deleteCrashed,
        E.confirm,
        E.deleted,
      ],
    },
  ],
  events: {
    SET_DEFAULT: {
      act: (ui, event: Ev<'SET_DEFAULT'>) =>
        ui.page.getByRole('button', { name: `Set as default: ${event.method.label}`, exact: true }).click(),
    },
    DELETE: {
      act: (ui, event: Ev<'DELETE'>) =>
        ui.page.getByRole('button', { name: `Delete ${event.method.label}`, exact: true }).click(),
    },
    CONFIRM: {
      act: (ui, _event, before) =>
        dialog(ui)
          .root.getByRole('button', { name: before.matches('refused') ? 'Try again' : 'Delete', exact: true })
          .click(),
    },
    CANCEL: {
      act: (ui, _event, before) =>
        (before.matches('blocked') ? blockedDialog(ui) : dialog(ui)).root
          .getByRole('button', { name: 'Cancel', exact: true })
          .click(),
    },
    // Adding a method starts the hosted setup; its request is refused here so the page stays (the setup flow has its own table).
    ADD_METHOD: {
      act: async (ui) => {
        await ui.page.route(
          /\/billing\/payment-methods\/setup$/,
          (route) =>
            route.fulfill({ status: 503, json: { success: false, message: 'Not now.', code: 'payments_unavailable' } }),
          { times: 1 },
        );
        await blockedDialog(ui).root.getByRole('button', { name: 'Add payment method', exact: true }).click();
      },
    },
    'xstate.done.actor.setDefault': setDefaultCall,
    'xstate.error.actor.setDefault': setDefaultCall,
    'xstate.done.actor.deleteMethod': deleteCall,
    'xstate.error.actor.deleteMethod': deleteCall,
  },
  states: {
    'paymentMethods.idle': async (ui, _state, via) => {
      await dialog(ui).expectClosed();
      await blockedDialog(ui).expectClosed();
      if (via.type === 'ADD_METHOD')
        await expect(ui.page.getByRole('alert').filter({ hasText: 'Not now.' })).toBeVisible();
      const failed = via.type.endsWith('.setDefault') && (isError(via) || outputOf(via).status !== 'done');
      if (failed) await expect(ui.shell.snackbar(SET_DEFAULT_FAILED).last()).toBeVisible();
      if (via.type === 'xstate.done.actor.setDefault' && !failed) {
        await expect(ui.shell.snackbar(DEFAULT_SET)).toBeVisible();
        await expect(row(ui, AMEX.label).getByText('Default', { exact: true })).toBeVisible();
        await expect(row(ui, VISA.label).getByText('Default', { exact: true })).toHaveCount(0);
      }
      if (via.type === 'xstate.done.actor.deleteMethod') {
        await expect(ui.shell.snackbar(METHOD_DELETED)).toBeVisible();
        await expect(row(ui, VISA.label)).toHaveCount(0);
      } else await expect(row(ui, VISA.label)).toHaveCount(1);
      await expect(ui.page.getByRole('button', { name: `Delete ${AMEX.label}`, exact: true })).toBeEnabled();
    },
    'paymentMethods.settingDefault': async (ui, state) => {
      await expect(
        ui.page.getByRole('button', { name: `Set as default: ${ctx(state).method!.label}`, exact: true }),
      ).toHaveAttribute('aria-busy', 'true');
      await expect(ui.page.getByRole('button', { name: `Delete ${AMEX.label}`, exact: true })).toBeDisabled();
    },
    'paymentMethods.deleting.confirming': async (ui, state) => {
      await dialog(ui).expectOpen();
      await expect(dialog(ui).root).toContainText(
        `Are you sure you want to delete ${ctx(state).method!.label}? It can no longer be used to pay.`,
      );
      await expect(dialog(ui).root.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
    },
    'paymentMethods.deleting.working': async (ui) => {
      await dialog(ui).expectOpen();
      await expect(dialog(ui).root.getByRole('button', { name: /^(Delete|Try again)$/ })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'paymentMethods.blocked': async (ui) => {
      await blockedDialog(ui).expectOpen();
      await expect(blockedDialog(ui).root.getByText(ONLY_METHOD, { exact: true })).toBeVisible();
      await expect(
        blockedDialog(ui).root.getByRole('button', { name: 'Add payment method', exact: true }),
      ).toBeEnabled();
      await expect(blockedDialog(ui).root.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(blockedDialog(ui).root.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    },
    'paymentMethods.refused': async (ui, state) => {
      await dialog(ui).expectOpen();
      const { error } = ctx(state);
      expect([STILL_NEEDED, DELETE_FAILED]).toContain(error);
      await expect(dialog(ui).root.getByText(error!, { exact: true })).toBeVisible();
      await expect(dialog(ui).root.getByRole('button', { name: 'Try again', exact: true })).toBeEnabled();
    },
  },
  timeout: 60_000,
};
