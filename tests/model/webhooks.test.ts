/**
 * Paths of the webhooks' machine (src/machines/webhooks): every state reachable; the list loads (or fails with Try
 * again); a webhook is added (its secret shown once, until dismissed) or edited, an invalid URL is refused in the
 * form with the server's own rule; a refused save keeps the form with the server's words; delete and roll are
 * confirmed; a test delivery shows its answer; the deliveries load; at most 5 webhooks.
 */
import { describe, expect, it } from 'vitest';
import {
  webhooksMachine,
  urlError,
  DELIVERIES_LOAD_FAILED,
  WEBHOOK_SAVE_FAILED,
  WEBHOOKS_LOAD_FAILED,
} from '../../src/machines/webhooks/webhooks.machine';
import { selectWebhooks } from '../../src/machines/webhooks/webhooks.selectors';
import type { Webhook, WebhookDelivery } from '../../src/contracts/notification-webhooks';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'demo-studio' };
const hook = (id: string, patch: Partial<Webhook> = {}): Webhook => ({
  id,
  url: `https://hooks.example.com/${id}`,
  format: 'slack',
  alerts: ['quest_capped'],
  enabled: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  failing: false,
  ...patch,
});
const ONE = [hook('wh-1', { failing: true })];
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
const FULL = ['a', 'b', 'c', 'd', 'e'].map((id) => hook(id));

const model = defineModel(webhooksMachine, {
  RETRY: { type: 'RETRY' },
  ADD: { type: 'ADD' },
  EDIT: { type: 'EDIT', id: 'wh-1' },
  CHANGE_URL: [
    { type: 'CHANGE_URL', value: 'https://hooks.example.com/new' },
    { type: 'CHANGE_URL', value: 'http://hooks.example.com/new' },
  ],
  CHANGE_FORMAT: { type: 'CHANGE_FORMAT', format: 'json' },
  TOGGLE_ALERT: { type: 'TOGGLE_ALERT', kind: 'payment_failed' },
  TOGGLE_ENABLED: { type: 'TOGGLE_ENABLED' },
  SUBMIT: { type: 'SUBMIT' },
  CANCEL: { type: 'CANCEL' },
  DELETE: { type: 'DELETE', id: 'wh-1' },
  ROLL: { type: 'ROLL', id: 'wh-1' },
  CONFIRM: { type: 'CONFIRM' },
  TEST: { type: 'TEST', id: 'wh-1' },
  SHOW_DELIVERIES: { type: 'SHOW_DELIVERIES', id: 'wh-1' },
  DISMISS_SECRET: { type: 'DISMISS_SECRET' },
  'xstate.done.actor.loadWebhooks': [
    done('loadWebhooks', { success: true as const, webhooks: ONE }),
    done('loadWebhooks', { success: true as const, webhooks: FULL }),
  ],
  'xstate.error.actor.loadWebhooks': failed('loadWebhooks', new TypeError('Failed to fetch')),
  'xstate.done.actor.saveWebhook': [
    done('saveWebhook', { success: true as const, webhook: hook('wh-2'), secret: 'whsec_new' }),
    done('saveWebhook', { success: true as const, webhook: hook('wh-1', { format: 'json' }) }),
  ],
  'xstate.error.actor.saveWebhook': [
    failed('saveWebhook', serverCrash()),
    failed(
      'saveWebhook',
      apiError(400, 'This URL cannot receive webhooks: hooks.example.com resolves to 10.0.0.1.', 'bad_request'),
    ),
  ],
  'xstate.done.actor.deleteWebhook': done('deleteWebhook', { success: true as const, webhooks: [] }),
  'xstate.error.actor.deleteWebhook': failed('deleteWebhook', serverCrash()),
  'xstate.done.actor.rollSecret': done('rollSecret', {
    success: true as const,
    webhook: ONE[0]!,
    secret: 'whsec_rolled',
  }),
  'xstate.error.actor.rollSecret': failed('rollSecret', serverCrash()),
  'xstate.done.actor.testWebhook': done('testWebhook', {
    success: true as const,
    delivery,
    webhook: hook('wh-1', { failing: false }),
  }),
  'xstate.error.actor.testWebhook': failed('testWebhook', serverCrash()),
  'xstate.done.actor.loadDeliveries': done('loadDeliveries', { success: true as const, deliveries: [delivery] }),
  'xstate.error.actor.loadDeliveries': failed('loadDeliveries', serverCrash()),
});
const ev = {
  retry: fixture(model, 'RETRY'),
  add: fixture(model, 'ADD'),
  edit: fixture(model, 'EDIT'),
  url: fixture(model, 'CHANGE_URL', 0),
  httpUrl: fixture(model, 'CHANGE_URL', 1),
  format: fixture(model, 'CHANGE_FORMAT'),
  alert: fixture(model, 'TOGGLE_ALERT'),
  enabled: fixture(model, 'TOGGLE_ENABLED'),
  submit: fixture(model, 'SUBMIT'),
  cancel: fixture(model, 'CANCEL'),
  remove: fixture(model, 'DELETE'),
  roll: fixture(model, 'ROLL'),
  confirm: fixture(model, 'CONFIRM'),
  test: fixture(model, 'TEST'),
  show: fixture(model, 'SHOW_DELIVERIES'),
  dismiss: fixture(model, 'DISMISS_SECRET'),
  loaded: fixture(model, 'xstate.done.actor.loadWebhooks', 0),
  loadedFull: fixture(model, 'xstate.done.actor.loadWebhooks', 1),
  loadFailed: fixture(model, 'xstate.error.actor.loadWebhooks'),
  created: fixture(model, 'xstate.done.actor.saveWebhook', 0),
  updated: fixture(model, 'xstate.done.actor.saveWebhook', 1),
  saveCrashed: fixture(model, 'xstate.error.actor.saveWebhook', 0),
  saveRefused: fixture(model, 'xstate.error.actor.saveWebhook', 1),
  deleted: fixture(model, 'xstate.done.actor.deleteWebhook'),
  deleteFailed: fixture(model, 'xstate.error.actor.deleteWebhook'),
  rolled: fixture(model, 'xstate.done.actor.rollSecret'),
  tested: fixture(model, 'xstate.done.actor.testWebhook'),
  testFailed: fixture(model, 'xstate.error.actor.testWebhook'),
  deliveries: fixture(model, 'xstate.done.actor.loadDeliveries'),
  deliveriesFailed: fixture(model, 'xstate.error.actor.loadDeliveries'),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(webhooksMachine, events, INPUT);
const view = (events: Parameters<typeof pathOf>[1]) => selectWebhooks(path(events).state);

describe('webhooks machine paths', () => {
  it('reaches every state node', () => {
    // One node per state and list size (the form's text and toggles would make the graph endless).
    const paths = shortestPaths(webhooksMachine, model.events, {
      input: INPUT,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.webhooks.length, s.context.showErrors, urlError(s.context.draft.url)]),
    });
    expect(unreachedStateNodeIds(webhooksMachine, paths)).toEqual([]);
  });

  it('loads the list ("Delivery failing" carried); a failed load offers Try again', () => {
    const ready = view([ev.loaded]);
    expect(ready.webhooks[0]).toMatchObject({
      host: 'hooks.example.com',
      failing: true,
      formatLabel: 'Slack-compatible',
    });
    expect(ready.webhooks[0]!.alertLabels).toEqual(['Quest reached its daily cap']);
    const broken = view([ev.loadFailed]);
    expect(broken).toMatchObject({ failed: true, loadError: WEBHOOKS_LOAD_FAILED });
    expect(broken.loadError).toBe('We could not load the webhooks. Please try again.');
    expect(path([ev.loadFailed, ev.retry, ev.loaded]).state.matches('ready')).toBe(true);
  });

  it('adds a webhook: the URL is checked in the form, the secret is shown once until dismissed', () => {
    const blank = view([ev.loaded, ev.add, ev.submit]);
    expect(blank.form!.urlError).toBe('Enter the URL that receives the alerts.');
    const http = view([ev.loaded, ev.add, ev.httpUrl, ev.submit]);
    expect(http.form!.urlError).toBe('Enter a URL that starts with https://.');
    const sending = path([ev.loaded, ev.add, ev.url, ev.format, ev.alert, ev.enabled, ev.submit]).state;
    expect(sending.matches('saving')).toBe(true);
    expect(sending.context.draft).toEqual({
      url: 'https://hooks.example.com/new',
      format: 'json',
      alerts: ['payment_failed'],
      enabled: false,
    });
    const added = view([ev.loaded, ev.add, ev.url, ev.submit, ev.created]);
    expect(added.notice).toBe('Webhook added.');
    expect(added.webhooks.map((h) => h.id)).toEqual(['wh-1', 'wh-2']);
    expect(added.webhooks[1]!.secret).toBe('whsec_new');
    expect(view([ev.loaded, ev.add, ev.url, ev.submit, ev.created, ev.dismiss]).webhooks[1]!.secret).toBeNull();
  });

  it('edits a webhook; a refused save keeps the form with the server’s words, else ours', () => {
    const editing = view([ev.loaded, ev.edit]);
    expect(editing.form).toMatchObject({ adding: false, url: 'https://hooks.example.com/wh-1', format: 'slack' });
    expect(view([ev.loaded, ev.edit, ev.format, ev.submit, ev.updated])).toMatchObject({ notice: 'Webhook saved.' });
    expect(view([ev.loaded, ev.edit, ev.submit, ev.saveRefused]).form!.error).toBe(
      'This URL cannot receive webhooks: hooks.example.com resolves to 10.0.0.1.',
    );
    expect(view([ev.loaded, ev.edit, ev.submit, ev.saveCrashed]).form!.error).toBe(WEBHOOK_SAVE_FAILED);
    expect(view([ev.loaded, ev.edit, ev.cancel]).form).toBeNull();
  });

  it('delete and roll are confirmed; a failed delete stays in the dialog with its message', () => {
    expect(view([ev.loaded, ev.remove]).confirm).toMatchObject({
      open: true,
      deleting: true,
      host: 'hooks.example.com',
    });
    expect(view([ev.loaded, ev.remove, ev.cancel]).confirm.open).toBe(false);
    expect(view([ev.loaded, ev.remove, ev.confirm, ev.deleted])).toMatchObject({
      notice: 'Webhook deleted.',
      webhooks: [],
    });
    expect(view([ev.loaded, ev.remove, ev.confirm, ev.deleteFailed]).confirm.error).toBe(
      'We could not delete the webhook. Please try again.',
    );
    const rolled = view([ev.loaded, ev.roll, ev.confirm, ev.rolled]);
    expect(rolled.webhooks[0]!.secret).toBe('whsec_rolled');
  });

  it('a test delivery shows its answer; the deliveries load', () => {
    const tested = view([ev.loaded, ev.test, ev.tested]);
    expect(tested.webhooks[0]).toMatchObject({ failing: false, tested: { status: 'delivered', httpStatus: 204 } });
    expect(view([ev.loaded, ev.test, ev.testFailed]).error).toBe(
      'We could not send the test delivery. Please try again.',
    );
    expect(view([ev.loaded, ev.show, ev.deliveries]).webhooks[0]!.deliveries).toEqual([delivery]);
    expect(view([ev.loaded, ev.show, ev.deliveriesFailed]).error).toBe(DELIVERIES_LOAD_FAILED);
  });

  it('at most 5 webhooks: Add is refused', () => {
    expect(view([ev.loadedFull]).canAdd).toBe(false);
    expect(path([ev.loadedFull]).state.can(ev.add)).toBe(false);
  });
});
