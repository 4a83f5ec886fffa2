/**
 * The plugin-lifecycle flow's table (src/machines/plugin-lifecycle/plugin-lifecycle.machine.ts: the plugin card's
 * Delete Plugin, the Connection Status card's Connect and Disconnect of src/views/integrations/PluginTab.tsx and
 * SourceInfo.tsx; docs/integrations.md §Plugin states "Disconnect always requires confirmation"): each event → a
 * button or the confirm dialog on the BigQuery tab of Dragon Merge (Android), each state → the dialog, the busy
 * button, the plugin's status and the words after the call.
 *
 * Data: the seeded BigQuery plugin. The journey disconnects it for real and connects it again for real (its status
 * back as seeded; `teardown` connects it whatever happened); a delete is only ever refused (routed), never sent.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  pluginLifecycleMachine,
  type PluginLifecycleContext,
  type PluginLifecycleEvent,
  type PluginRef,
} from '../../../src/machines/plugin-lifecycle/plugin-lifecycle.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, type FlowTable, type Ui } from './driver';
import { abortHeld, anyMethodOutcome } from './any-method-outcome';

const APP = 'dragon-merge-android';
const PLUGIN: PluginRef = { id: `${APP}-bigquery`, source: 'BigQuery' };

interface LifecycleUi extends Ui {
  token: string;
  shell: Shell;
}
const ctx = (state: AnyMachineSnapshot) => state.context as PluginLifecycleContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = (event: EventObject) => (event as EventObject & { output: MutationOutcome }).output;
const kindOf = (event: EventObject) => {
  if (isCrash(event)) return 'network';
  const out = outputOf(event);
  if (out.status === 'done') return 'done';
  return out.status === 'failed' && out.answer === null ? '500' : 'refused';
};

const E = {
  connect: { type: 'CONNECT', plugin: PLUGIN },
  disconnect: { type: 'DISCONNECT', plugin: PLUGIN },
  remove: { type: 'DELETE', plugin: PLUGIN },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  done: doneEvent('pluginAction', { status: 'done', answer: { success: true } } satisfies MutationOutcome),
  refused: doneEvent('pluginAction', {
    status: 'failed',
    answer: { success: false },
    error: null,
  } satisfies MutationOutcome),
  crashed: doneEvent('pluginAction', {
    status: 'failed',
    answer: null,
    error: new Error('500'),
  } satisfies MutationOutcome),
  /** The call never reached the server (the child's own failure; the page says the same). */
  unreachable: crashEvent('pluginAction'),
} satisfies Record<string, PluginLifecycleEvent | EventObject>;

const pluginActionOutcome = anyMethodOutcome<LifecycleUi>(
  [
    { method: 'POST', url: /^\/api\/plugins\/[^/]+\/(connect|disconnect)$/ },
    { method: 'DELETE', url: /^\/api\/plugins\/[^/]+$/ },
  ],
  (event) => {
    const kind = kindOf(event);
    if (kind === 'done') return answers.server;
    if (kind === '500') return answers.crash;
    return kind === 'network' ? 'abort' : answers.refused();
  },
  (event) => `${kindOf(event) === 'done' ? '✓' : kindOf(event)}`,
);

const dialog = (ui: LifecycleUi, title: 'Disconnect Plugin?' | 'Delete Plugin?') => new Modal(ui.page, title);
const statusCard = (ui: LifecycleUi) => ui.page.getByRole('region', { name: 'Connection Status' });
const statusChip = (ui: LifecycleUi) => statusCard(ui).getByTestId('plugin-status');

async function setConnected(ui: LifecycleUi) {
  const res = await ui.page.request.post(`/api/plugins/${PLUGIN.id}/connect`, {
    headers: { authorization: `Bearer ${ui.token}` },
  });
  expect(res.status(), 'the seeded BigQuery plugin connected again').toBe(200);
}

export const pluginLifecycleTable: FlowTable<LifecycleUi> = {
  flow: 'plugin-lifecycle',
  machine: pluginLifecycleMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).action]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    return { page, token, shell: new Shell(page) };
  },
  teardown: async (ui) => {
    abortHeld(ui.page);
    await setConnected(ui);
  },
  traversals: [
    {
      // Disconnect: cancelled, refused, crashed, then done; Connect (no confirm): refused, unreachable, then done
      // (the plugin as seeded); Delete: cancelled, then refused (never sent to the server).
      name: 'disconnect, connect, delete',
      kind: 'journey',
      input: { appId: APP },
      open: async (ui) => {
        await ui.page.goto(appPath(APP, 'integrations/BigQuery'));
        await expect(statusChip(ui)).toHaveText('Connected', { timeout: 60_000 });
      },
      events: [
        E.disconnect,
        E.cancel,
        E.disconnect,
        E.confirm,
        E.refused,
        E.disconnect,
        E.confirm,
        E.crashed,
        E.disconnect,
        E.confirm,
        E.done,
        E.connect,
        E.refused,
        E.connect,
        E.unreachable,
        E.connect,
        E.done,
        E.remove,
        E.cancel,
        E.remove,
        E.confirm,
        E.refused,
      ],
    },
  ],
  events: {
    CONNECT: { act: (ui) => statusCard(ui).getByRole('button', { name: 'Connect', exact: true }).click() },
    DISCONNECT: { act: (ui) => statusCard(ui).getByRole('button', { name: 'Disconnect', exact: true }).click() },
    DELETE: { act: (ui) => ui.page.getByRole('button', { name: 'Delete Plugin', exact: true }).click() },
    CONFIRM: {
      act: (ui, _event, before) => {
        const action = ctx(before).action;
        const title = action === 'delete' ? 'Delete Plugin?' : 'Disconnect Plugin?';
        return dialog(ui, title)
          .root.getByRole('button', { name: action === 'delete' ? 'Delete' : 'Disconnect', exact: true })
          .click();
      },
    },
    CANCEL: {
      act: (ui, _event, before) =>
        dialog(ui, ctx(before).action === 'delete' ? 'Delete Plugin?' : 'Disconnect Plugin?')
          .root.getByRole('button', { name: 'Cancel', exact: true })
          .click(),
    },
    'xstate.done.actor.pluginAction': pluginActionOutcome,
    'xstate.error.actor.pluginAction': pluginActionOutcome,
  },
  states: {
    'pluginLifecycle.idle': async (ui, state, via) => {
      const action = ctx(state).action;
      // The snackbar first: it stays 3 s.
      if (via.type.startsWith('xstate.') && via.type !== 'xstate.init') {
        const words =
          kindOf(via) === 'done'
            ? action === 'connect'
              ? 'BigQuery connected.'
              : 'BigQuery disconnected.'
            : action === 'connect'
              ? 'Failed to connect BigQuery.'
              : action === 'delete'
                ? 'Failed to delete the BigQuery plugin.'
                : 'Failed to disconnect BigQuery.';
        await expect(ui.shell.snackbar(words).last()).toBeVisible();
      }
      await dialog(ui, 'Disconnect Plugin?').expectClosed();
      await dialog(ui, 'Delete Plugin?').expectClosed();
      // Disconnected only after a real disconnect, until the real connect.
      const disconnected =
        via.type === 'xstate.done.actor.pluginAction' && kindOf(via) === 'done'
          ? action === 'disconnect'
          : action === 'connect';
      await expect(statusChip(ui)).toHaveText(disconnected ? 'Disconnected' : 'Connected');
      await expect(
        statusCard(ui).getByRole('button', { name: disconnected ? 'Connect' : 'Disconnect', exact: true }),
      ).toBeEnabled();
      await expect(ui.page.getByRole('button', { name: 'Delete Plugin', exact: true })).toBeEnabled();
    },
    'pluginLifecycle.working.confirming': async (ui, state) => {
      const action = ctx(state).action;
      const d = dialog(ui, action === 'delete' ? 'Delete Plugin?' : 'Disconnect Plugin?');
      await d.expectOpen();
      await expect(
        d.root.getByText(
          action === 'delete'
            ? 'Are you sure you want to delete the BigQuery plugin?'
            : 'Are you sure you want to disconnect BigQuery plugin?',
          { exact: true },
        ),
      ).toBeVisible();
      await expect(d.root.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    },
    'pluginLifecycle.working.running': async (ui, state) => {
      const action = ctx(state).action;
      if (action === 'connect') {
        await expect(statusCard(ui).getByRole('button', { name: 'Connect', exact: true })).toHaveAttribute(
          'aria-busy',
          'true',
        );
        return;
      }
      const d = dialog(ui, action === 'delete' ? 'Delete Plugin?' : 'Disconnect Plugin?');
      await expect(
        d.root.getByRole('button', { name: action === 'delete' ? 'Delete' : 'Disconnect', exact: true }),
      ).toHaveAttribute('aria-busy', 'true');
      await expect(d.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
  },
  timeout: 90_000,
};
