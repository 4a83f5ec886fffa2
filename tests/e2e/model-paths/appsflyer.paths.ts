/**
 * The AppsFlyer tab's table (src/machines/appsflyer/appsflyer.machine.ts, src/views/integrations/AppsFlyerTab.tsx;
 * docs/postbacks.md §Partner plugin states AppsFlyer, "Disconnect always requires confirmation", §Messages): each
 * event → Enable Plugin, Check Status, Disconnect and its confirm on the tab of a throwaway app (no plugin at first),
 * each state → the guide, the busy buttons, the plugin's status and the words after each call.
 *
 * Successes are the real server's (enable, a check that finds no events, a check after a real postback connected
 * the plugin, disconnect); refusals and 500s are routed. The Check Status child's own outcomes are the check-status
 * table's: here its end is the parent's event (a check whose call crashed ends like the parent's onError: enabled).
 * SYNC is another admin enabling the plugin again through the API, read when the page loads again.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  appsflyerMachine,
  type AppsFlyerContext,
  type AppsFlyerEvent,
} from '../../../src/machines/appsflyer/appsflyer.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';
import { enableAppsFlyer, sendAppsFlyerPostback, throwawayApp } from './attribution-apps';

interface AppsFlyerUi extends Ui {
  token: string;
  workspaceId: string;
  appId: string;
  shell: Shell;
  dialog: Modal;
}
type Ev<K extends AppsFlyerEvent['type']> = Extract<AppsFlyerEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AppsFlyerContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = <T>(event: EventObject) => (event as EventObject & { output: T }).output;
const PLUGIN = { id: 'throwaway-appsflyer', connected: 'waiting_for_events' as const };

const E = {
  enable: { type: 'ENABLE' },
  check: { type: 'CHECK' },
  disconnect: { type: 'DISCONNECT' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  enabledElsewhere: { type: 'SYNC', plugin: PLUGIN },
  enabled: doneEvent('enablePlugin', { success: true, plugin: PLUGIN }),
  enableRefused: doneEvent('enablePlugin', { success: false }),
  enableCrashed: crashEvent('enablePlugin'),
  stillWaiting: doneEvent('checkStatus', { connected: false, eventsReceived: false, lastEventAt: null }),
  nowConnected: doneEvent('checkStatus', { connected: true, eventsReceived: true, lastEventAt: 1 }),
  checkCrashed: crashEvent('checkStatus'),
  disconnected: doneEvent('disconnect', { status: 'done', answer: { success: true } } satisfies MutationOutcome),
  disconnectRefused: doneEvent('disconnect', {
    status: 'failed',
    answer: { success: false },
    error: null,
  } satisfies MutationOutcome),
  disconnectCrashed: crashEvent('disconnect'),
} satisfies Record<string, AppsFlyerEvent | EventObject>;

const succeeded = (event: EventObject) => {
  if (isCrash(event)) return false;
  const out = outputOf<{ success?: boolean; status?: string }>(event);
  return event.type.endsWith('.disconnect') ? out.status === 'done' : out.success === true;
};
const enableCall = outcome<AppsFlyerUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/appsflyer\/enable$/ },
  (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => `enable ${isCrash(event) ? '500' : succeeded(event) ? '✓' : 'refused'}`,
);
const disconnectCall = outcome<AppsFlyerUi>(
  { method: 'POST', url: /\/api\/plugins\/[^/]+\/disconnect$/ },
  (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => `disconnect ${isCrash(event) ? '500' : succeeded(event) ? '✓' : 'refused'}`,
);
const checkKind = (event: EventObject) =>
  isCrash(event) ? '500' : outputOf<{ connected: boolean }>(event).connected ? 'connected' : 'waiting';
const checkCall = outcome<AppsFlyerUi>(
  { method: 'GET', url: /\/api\/plugins\/[^/]+\/status$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) => `check ${checkKind(event)}`,
);
const checkOutcome = {
  ...checkCall,
  act: async (ui: AppsFlyerUi, event: EventObject, before: AnyMachineSnapshot) => {
    // Connected: AppsFlyer's first postback reaches the server before the check reads the status.
    if (checkKind(event) === 'connected') await sendAppsFlyerPostback(ui.page.request, ui.token, ui.appId);
    await checkCall.act(ui, event, before);
  },
};

const guide = (ui: AppsFlyerUi) => ui.page.getByRole('region', { name: 'Connect AppsFlyer' });
const statusCard = (ui: AppsFlyerUi) => ui.page.getByRole('region', { name: 'Connection Status' });
const pluginStatus = (ui: AppsFlyerUi) => statusCard(ui).getByTestId('plugin-status');
const checkButton = (ui: AppsFlyerUi) => guide(ui).getByRole('button', { name: 'Check Status', exact: true });
const open = async (ui: AppsFlyerUi) => {
  await ui.page.goto(appPath(ui.appId, 'integrations/AppsFlyer', ui.workspaceId));
  await expect(pluginStatus(ui)).toBeVisible({ timeout: 60_000 });
};

export const appsflyerTable: FlowTable<AppsFlyerUi> = {
  flow: 'appsflyer',
  machine: appsflyerMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).plugin?.connected ?? null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    return { page, token, workspaceId, appId, shell: new Shell(page), dialog: new Modal(page, 'Disconnect Plugin?') };
  },
  traversals: [
    {
      // Enable refused and crashed, then enabled; Check Status finds no events, crashes, then finds the postback
      // (connected); Disconnect cancelled, refused, crashed, then done; another admin enables it again.
      name: 'enable, check, disconnect',
      kind: 'journey',
      input: { appId: 'throwaway', plugin: null },
      open,
      events: [
        E.enable,
        E.enableRefused,
        E.enable,
        E.enableCrashed,
        E.enable,
        E.enabled,
        E.check,
        E.stillWaiting,
        E.check,
        E.checkCrashed,
        E.check,
        E.nowConnected,
        E.disconnect,
        E.cancel,
        E.disconnect,
        E.confirm,
        E.disconnectRefused,
        E.disconnect,
        E.confirm,
        E.disconnectCrashed,
        E.disconnect,
        E.confirm,
        E.disconnected,
        E.enabledElsewhere,
      ],
    },
  ],
  events: {
    ENABLE: { act: (ui) => guide(ui).getByRole('button', { name: 'Enable Plugin', exact: true }).click() },
    CHECK: { act: (ui) => checkButton(ui).click() },
    DISCONNECT: { act: (ui) => statusCard(ui).getByRole('button', { name: 'Disconnect', exact: true }).click() },
    CONFIRM: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Disconnect', exact: true }).click() },
    CANCEL: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    SYNC: {
      act: async (ui, event: Ev<'SYNC'>) => {
        if (event.plugin) await enableAppsFlyer(ui.page.request, ui.token, ui.appId);
        await ui.page.reload();
        await expect(pluginStatus(ui)).toBeVisible({ timeout: 60_000 });
      },
      label: (event: Ev<'SYNC'>) => (event.plugin ? 'SYNC (enabled elsewhere)' : 'SYNC (none)'),
    },
    'xstate.done.actor.enablePlugin': enableCall,
    'xstate.error.actor.enablePlugin': enableCall,
    'xstate.done.actor.checkStatus': checkOutcome,
    'xstate.error.actor.checkStatus': checkOutcome,
    'xstate.done.actor.disconnect': disconnectCall,
    'xstate.error.actor.disconnect': disconnectCall,
  },
  states: {
    'appsflyer.sorting': TRANSIENT,
    'appsflyer.noPlugin': async (ui, state, via) => {
      // The snackbar first: it stays a few seconds.
      if (via.type.endsWith('.enablePlugin'))
        await expect(ui.shell.snackbar('Failed to enable the AppsFlyer plugin.').last()).toBeVisible();
      if (via.type === 'xstate.done.actor.disconnect') {
        await expect(ui.shell.snackbar('AppsFlyer disconnected.')).toBeVisible();
        await expect(pluginStatus(ui)).toHaveText('Disconnected');
        // A disconnected plugin is enabled again from the guide only: no Connect beside it.
        await expect(statusCard(ui).getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
      } else {
        await expect(pluginStatus(ui)).toHaveText('Not Connected');
        await expect(statusCard(ui).getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
      }
      expect(ctx(state).plugin?.connected ?? 'disconnected').toBe('disconnected');
      await expect(guide(ui).getByRole('button', { name: 'Enable Plugin', exact: true })).toBeEnabled();
      await expect(guide(ui).getByRole('list', { name: 'Test the integration' })).toHaveCount(0);
    },
    'appsflyer.enabling': async (ui) => {
      await expect(guide(ui).getByRole('button', { name: 'Enabling Plugin...', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'appsflyer.enabled': async (ui, _state, via) => {
      if (via.type === 'xstate.done.actor.enablePlugin')
        await expect(ui.shell.snackbar('AppsFlyer plugin enabled.')).toBeVisible();
      if (via.type === 'xstate.done.actor.checkStatus')
        await expect(ui.shell.snackbar('No events received yet')).toBeVisible();
      if (via.type === 'xstate.error.actor.checkStatus')
        await expect(ui.shell.snackbar("Can't check status of AppsFlyer plugin!")).toBeVisible();
      await expect(guide(ui).getByRole('button', { name: 'Plugin Enabled', exact: true })).toBeDisabled();
      await expect(guide(ui).getByRole('list', { name: 'Test the integration' }).getByRole('listitem')).toHaveCount(6);
      await expect(ui.page.getByTestId('events-chip')).toHaveText('No Events Received');
      await expect(pluginStatus(ui)).toHaveText('Waiting for Events');
      await expect(checkButton(ui)).toBeEnabled();
      await expect(statusCard(ui).getByTestId('postback-url')).toBeVisible();
    },
    'appsflyer.checking': async (ui) => {
      await expect(checkButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'appsflyer.connected': async (ui, _state, via) => {
      if (via.type === 'xstate.done.actor.checkStatus')
        await expect(ui.shell.snackbar('AppsFlyer connected successfully')).toBeVisible();
      if (via.type.endsWith('.disconnect'))
        await expect(ui.shell.snackbar('Failed to disconnect AppsFlyer.').last()).toBeVisible();
      await ui.dialog.expectClosed();
      await expect(pluginStatus(ui)).toHaveText('Connected');
      // Connected: the conversion events instead of the guide.
      await expect(guide(ui)).toHaveCount(0);
      await expect(ui.page.getByRole('region', { name: 'Conversion Events' })).toBeVisible();
      await expect(statusCard(ui).getByRole('button', { name: 'Disconnect', exact: true })).toBeEnabled();
    },
    'appsflyer.disconnecting.confirming': async (ui) => {
      await ui.dialog.expectOpen();
      await expect(
        ui.dialog.root.getByText('Are you sure you want to disconnect AppsFlyer plugin?', { exact: true }),
      ).toBeVisible();
    },
    'appsflyer.disconnecting.running': async (ui) => {
      await expect(ui.dialog.root.getByRole('button', { name: 'Disconnect', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
  },
  timeout: 180_000,
};
