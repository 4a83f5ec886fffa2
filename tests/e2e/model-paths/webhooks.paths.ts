/**
 * The webhooks' table (src/machines/webhooks, src/views/notifications/WebhooksSection.tsx; docs/notifications.md
 * §Webhooks): each event → what the admin does in the Webhooks section of /workspace/{id}/notifications, each state →
 * what the section shows. The webhook calls are routed with the machine's own answers (a refusal in the server's
 * words is a 400 ApiError); the real delivery, signature and address checks are tested in
 * tests/server/notification-webhooks.test.ts.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  urlError,
  webhooksMachine,
  WEBHOOKS_LOAD_FAILED,
  type WebhooksContext,
} from '../../../src/machines/webhooks/webhooks.machine';
import type { Webhook, WebhookDelivery } from '../../../src/contracts/notification-webhooks';
import { ALERTS, type AlertKind } from '../../../src/contracts/notifications';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const WORKSPACE = 'demo-studio';
const hook = (id: string, patch: Partial<Webhook> = {}): Webhook => ({
  id,
  url: `https://${id}.hooks.example.com/questboard`,
  format: 'slack',
  alerts: ['quest_capped'],
  enabled: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  failing: false,
  ...patch,
});
const host = (id: string) => `${id}.hooks.example.com`;
const ONE = [hook('alpha', { failing: true })];
const FULL = ['a1', 'a2', 'a3', 'a4', 'a5'].map((id) => hook(id));
const delivery: WebhookDelivery = {
  id: 'd-1',
  kind: 'test',
  title: 'Test delivery from Questboard',
  status: 'delivered',
  httpStatus: 204,
  attempts: 1,
  createdAt: '2026-11-27T10:05:00.000Z',
  lastAttemptAt: '2026-11-27T10:05:00.000Z',
  error: null,
};
const REFUSED = 'This URL cannot receive webhooks: beta.hooks.example.com resolves to 10.0.0.1.';

const E = {
  retry: { type: 'RETRY' },
  add: { type: 'ADD' },
  edit: { type: 'EDIT', id: 'alpha' },
  url: { type: 'CHANGE_URL', value: 'https://beta.hooks.example.com/questboard' },
  httpUrl: { type: 'CHANGE_URL', value: 'http://beta.hooks.example.com/questboard' },
  format: { type: 'CHANGE_FORMAT', format: 'json' },
  alert: { type: 'TOGGLE_ALERT', kind: 'payment_failed' },
  enabled: { type: 'TOGGLE_ENABLED' },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  remove: { type: 'DELETE', id: 'alpha' },
  roll: { type: 'ROLL', id: 'alpha' },
  confirm: { type: 'CONFIRM' },
  test: { type: 'TEST', id: 'alpha' },
  show: { type: 'SHOW_DELIVERIES', id: 'alpha' },
  dismiss: { type: 'DISMISS_SECRET' },
  loaded: doneEvent('loadWebhooks', { success: true, webhooks: ONE }),
  loadedFull: doneEvent('loadWebhooks', { success: true, webhooks: FULL }),
  loadFailed: crashEvent('loadWebhooks'),
  created: doneEvent('saveWebhook', { success: true, webhook: hook('beta'), secret: 'whsec_shown_once_123' }),
  updated: doneEvent('saveWebhook', { success: true, webhook: hook('alpha', { format: 'json' }) }),
  saveRefused: {
    type: 'xstate.error.actor.saveWebhook',
    error: new ApiError(400, REFUSED, 'bad_request'),
    actorId: 'saveWebhook',
  } as EventObject,
  deleted: doneEvent('deleteWebhook', { success: true, webhooks: [] }),
  deleteFailed: crashEvent('deleteWebhook'),
  rolled: doneEvent('rollSecret', { success: true, webhook: ONE[0], secret: 'whsec_rolled_456' }),
  rollFailed: crashEvent('rollSecret'),
  tested: doneEvent('testWebhook', { success: true, delivery, webhook: hook('alpha') }),
  testFailed: crashEvent('testWebhook'),
  deliveries: doneEvent('loadDeliveries', { success: true, deliveries: [delivery] }),
  deliveriesFailed: crashEvent('loadDeliveries'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as WebhooksContext;
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
const HOOKS = '/api/workspace/[^/]+/notifications/webhooks';
const listCall = routed('GET', new RegExp(`${HOOKS}$`), 'list');
// A new webhook is a POST of the list (its answer carries the secret), a change a PUT of the webhook.
const createCall = routed('POST', new RegExp(`${HOOKS}$`), 'add');
const updateCall = routed('PUT', new RegExp(`${HOOKS}/[^/]+$`), 'save');
const isCreate = (event: EventObject) =>
  typeof (event as EventObject & { output?: { secret?: unknown } }).output?.secret === 'string';
const saveCall: EventEntry<Ui> = {
  arrange: (ui, event) => (isCreate(event) ? createCall : updateCall).arrange!(ui, event),
  act: (ui, event, before) => (isCreate(event) ? createCall : updateCall).act(ui, event, before),
  label: (event) => (isCreate(event) ? createCall : updateCall).label!(event),
};
const deleteCall = routed('DELETE', new RegExp(`${HOOKS}/[^/]+$`), 'delete');
const rollCall = routed('POST', new RegExp(`${HOOKS}/[^/]+/secret$`), 'roll');
const testCall = routed('POST', new RegExp(`${HOOKS}/[^/]+/test$`), 'test');
const deliveriesCall = routed('GET', new RegExp(`${HOOKS}/[^/]+/deliveries$`), 'deliveries');

const section = (ui: Ui) => ui.page.getByRole('region', { name: 'Webhooks', exact: true });
const form = (ui: Ui) => section(ui).getByRole('form');
const dialog = (ui: Ui) => ui.page.getByRole('dialog');
const hostOf = (id: string) => host(id);

const open = async (ui: Ui) => {
  await ui.page.goto(`/workspace/${WORKSPACE}/notifications`);
  await expect(section(ui).getByRole('heading', { level: 2, name: 'Webhooks', exact: true })).toBeVisible({
    timeout: 20_000,
  });
};
const input = { workspaceId: WORKSPACE };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

export const webhooksTable: FlowTable<Ui> = {
  flow: 'webhooks',
  machine: webhooksMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).webhooks.length, ctx(state).showErrors, ctx(state).error !== null]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.admin);
    return { page };
  },
  traversals: [
    // Add: a blank and an http URL refused in the form, then a good one with its format, alerts and switch; the
    // secret shown once until dismissed.
    journey('add', [
      E.loaded,
      E.add,
      E.submit,
      E.httpUrl,
      E.submit,
      E.url,
      E.format,
      E.alert,
      E.enabled,
      E.submit,
      E.created,
      E.dismiss,
    ]),
    // Edit: refused in the server's words, cancelled, then saved.
    journey('edit', [E.loaded, E.edit, E.format, E.submit, E.saveRefused, E.cancel, E.edit, E.submit, E.updated]),
    // Delete: cancelled, then confirmed, failing once, then deleted.
    journey('delete', [E.loaded, E.remove, E.cancel, E.remove, E.confirm, E.deleteFailed, E.confirm, E.deleted]),
    // Roll the secret: failing once, then the new secret shown once.
    journey('roll', [E.loaded, E.roll, E.confirm, E.rollFailed, E.confirm, E.rolled, E.dismiss]),
    // A test delivery and the deliveries; then both failing.
    journey('test', [
      E.loaded,
      E.test,
      E.tested,
      E.show,
      E.deliveries,
      E.test,
      E.testFailed,
      E.show,
      E.deliveriesFailed,
    ]),
    // A crashed load (Try again), then a full list: Add waits.
    journey('load failed', [E.loadFailed, E.retry, E.loadedFull]),
  ],
  events: {
    RETRY: { act: (ui) => section(ui).getByRole('button', { name: 'Try again', exact: true }).click() },
    ADD: { act: (ui) => section(ui).getByRole('button', { name: 'Add webhook', exact: true }).click() },
    EDIT: {
      act: (ui, event: { id: string }) => ui.page.getByRole('button', { name: `Edit ${hostOf(event.id)}` }).click(),
    },
    CHANGE_URL: {
      act: (ui, event: { value: string }) => form(ui).getByLabel('URL', { exact: true }).fill(event.value),
      label: (event: { value: string }) => `CHANGE_URL ${event.value.split(':')[0]}`,
    },
    CHANGE_FORMAT: {
      act: (ui) => form(ui).getByRole('radio', { name: 'Generic JSON', exact: true }).check(),
    },
    TOGGLE_ALERT: {
      act: (ui, event: { kind: AlertKind }) =>
        form(ui).getByRole('checkbox', { name: ALERTS[event.kind].label, exact: true }).click(),
    },
    // By keyboard: the switch takes the focus and Space flips it.
    TOGGLE_ENABLED: {
      act: async (ui) => {
        await form(ui).getByRole('switch', { name: 'Send deliveries', exact: true }).focus();
        await ui.page.keyboard.press('Space');
      },
    },
    SUBMIT: {
      act: (ui) =>
        form(ui)
          .getByRole('button', { name: /^(Add|Save) webhook$/ })
          .click(),
    },
    CANCEL: {
      act: async (ui, _event, before) => {
        if (before.matches('editing')) await form(ui).getByRole('button', { name: 'Cancel', exact: true }).click();
        else await ui.page.keyboard.press('Escape');
      },
      label: () => 'CANCEL',
    },
    DELETE: {
      act: (ui, event: { id: string }) => ui.page.getByRole('button', { name: `Delete ${hostOf(event.id)}` }).click(),
    },
    ROLL: {
      act: (ui, event: { id: string }) =>
        ui.page.getByRole('button', { name: `Roll secret of ${hostOf(event.id)}` }).click(),
    },
    CONFIRM: {
      act: (ui) =>
        dialog(ui)
          .getByRole('button', { name: /^(Delete|Roll secret)$/ })
          .click(),
    },
    TEST: {
      act: (ui, event: { id: string }) =>
        ui.page.getByRole('button', { name: `Send test delivery to ${hostOf(event.id)}` }).click(),
    },
    SHOW_DELIVERIES: {
      act: (ui, event: { id: string }) =>
        ui.page.getByRole('button', { name: `Show deliveries to ${hostOf(event.id)}` }).click(),
    },
    DISMISS_SECRET: { act: (ui) => section(ui).getByRole('button', { name: 'I have copied it', exact: true }).click() },
    'xstate.done.actor.loadWebhooks': listCall,
    'xstate.error.actor.loadWebhooks': listCall,
    'xstate.done.actor.saveWebhook': saveCall,
    'xstate.error.actor.saveWebhook': saveCall,
    'xstate.done.actor.deleteWebhook': deleteCall,
    'xstate.error.actor.deleteWebhook': deleteCall,
    'xstate.done.actor.rollSecret': rollCall,
    'xstate.error.actor.rollSecret': rollCall,
    'xstate.done.actor.testWebhook': testCall,
    'xstate.error.actor.testWebhook': testCall,
    'xstate.done.actor.loadDeliveries': deliveriesCall,
    'xstate.error.actor.loadDeliveries': deliveriesCall,
  },
  states: {
    'webhooks.loading': async (ui) => {
      await expect(section(ui).getByText('Loading the webhooks…', { exact: true })).toBeVisible();
    },
    'webhooks.failed': async (ui) => {
      await expect(section(ui).getByRole('alert').filter({ hasText: WEBHOOKS_LOAD_FAILED })).toBeVisible();
      await expect(section(ui).getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'webhooks.ready': async (ui, state) => {
      const { webhooks, secret, notice, error, tested, deliveries } = ctx(state);
      await expect(form(ui)).toHaveCount(0);
      if (webhooks.length === 0) await expect(section(ui).getByText('No webhooks yet.', { exact: true })).toBeVisible();
      for (const h of webhooks)
        await expect(
          section(ui).getByRole('heading', { level: 3, name: new URL(h.url).host, exact: true }),
        ).toBeVisible();
      await expect(section(ui).getByText('Delivery failing', { exact: true })).toHaveCount(
        webhooks.filter((h) => h.failing).length,
      );
      await expect(section(ui).getByText(secret?.value ?? 'whsec_', { exact: !!secret })).toHaveCount(secret ? 1 : 0);
      if (notice) await expect(section(ui).getByText(notice, { exact: true })).toBeVisible();
      if (error) await expect(section(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
      if (tested) await expect(section(ui).getByText(`Test delivered (HTTP ${tested.httpStatus}).`)).toBeVisible();
      if (deliveries)
        await expect(section(ui).getByRole('table').getByRole('row')).toHaveCount(deliveries.list.length + 1);
      await expect(section(ui).getByRole('button', { name: 'Add webhook', exact: true })).toBeEnabled({
        enabled: webhooks.length < 5,
      });
    },
    'webhooks.editing': async (ui, state) => {
      const { draft, showErrors, error } = ctx(state);
      await expect(form(ui).getByLabel('URL', { exact: true })).toHaveValue(draft.url);
      const problem = showErrors ? urlError(draft.url) : null;
      if (problem) await expect(form(ui).getByText(problem, { exact: true })).toBeVisible();
      if (error) await expect(form(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
      await expect(form(ui).getByRole('switch', { name: 'Send deliveries', exact: true })).toBeChecked({
        checked: draft.enabled,
      });
    },
    'webhooks.saving': async (ui) => {
      await expect(form(ui).getByRole('button', { name: /^(Add|Save) webhook$/ })).toHaveAttribute('aria-busy', 'true');
    },
    'webhooks.confirmingDelete': async (ui, state) => {
      await expect(dialog(ui).getByRole('heading', { name: 'Delete webhook?' })).toBeVisible();
      if (ctx(state).error) await expect(dialog(ui).getByRole('alert')).toHaveText(ctx(state).error!);
    },
    'webhooks.deleting': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'webhooks.confirmingRoll': async (ui) => {
      await expect(dialog(ui).getByRole('heading', { name: 'Roll the secret?' })).toBeVisible();
    },
    'webhooks.rolling': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Roll secret', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'webhooks.testing': async (ui, state) => {
      await expect(
        ui.page.getByRole('button', { name: `Send test delivery to ${hostOf(ctx(state).target!)}` }),
      ).toHaveAttribute('aria-busy', 'true');
    },
    'webhooks.loadingDeliveries': async (ui, state) => {
      await expect(
        ui.page.getByRole('button', { name: `Show deliveries to ${hostOf(ctx(state).target!)}` }),
      ).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
