/**
 * The check-status flow's table (src/machines/check-status/check-status.machine.ts, the child the AppsFlyer and Adjust
 * tabs invoke for Check Status; docs/postbacks.md §Partner plugin states Check Status, §Messages): driven through the
 * AppsFlyer tab's Check Status of a throwaway app whose AppsFlyer plugin waits for events. Each check is one run of
 * the machine (opening the tab and pressing Check Status is its start); its outcomes are the real server's (still
 * waiting; connected by a real postback sent just before), a routed refusal and a routed 500.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { checkStatusMachine, type CheckStatusContext } from '../../../src/machines/check-status/check-status.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';
import { enableAppsFlyer, sendAppsFlyerPostback, throwawayApp } from './attribution-apps';

interface CheckUi extends Ui {
  token: string;
  workspaceId: string;
  appId: string;
  shell: Shell;
}
const ctx = (state: AnyMachineSnapshot) => state.context as CheckStatusContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const output = (event: EventObject) =>
  (event as EventObject & { output: { success: boolean; plugin?: { connected: string } } }).output;
const kindOf = (event: EventObject) =>
  isCrash(event)
    ? '500'
    : !output(event).success
      ? 'refused'
      : output(event).plugin?.connected === 'connected'
        ? 'connected'
        : 'waiting';

const E = {
  connected: doneEvent('checkPluginStatus', {
    success: true,
    plugin: { connected: 'connected' },
    eventsReceived: true,
    lastEventAt: 1,
  }),
  waiting: doneEvent('checkPluginStatus', {
    success: true,
    plugin: { connected: 'waiting_for_events' },
    eventsReceived: false,
    lastEventAt: null,
  }),
  refused: doneEvent('checkPluginStatus', { success: false }),
  crashed: crashEvent('checkPluginStatus'),
};

const statusCall = outcome<CheckUi>(
  { method: 'GET', url: /\/api\/plugins\/[^/]+\/status$/ },
  (event) =>
    kindOf(event) === '500' ? answers.crash : kindOf(event) === 'refused' ? answers.refused() : answers.server,
  (event) => `status ${kindOf(event)}`,
);
const statusOutcome = {
  ...statusCall,
  act: async (ui: CheckUi, event: EventObject, before: AnyMachineSnapshot) => {
    // Connected: AppsFlyer's first postback reaches the server before the check reads the status.
    if (kindOf(event) === 'connected') await sendAppsFlyerPostback(ui.page.request, ui.token, ui.appId);
    await statusCall.act(ui, event, before);
  },
};

const checkButton = (ui: CheckUi) => ui.page.getByRole('button', { name: 'Check Status', exact: true });
const pluginStatus = (ui: CheckUi) =>
  ui.page.getByRole('region', { name: 'Connection Status' }).getByTestId('plugin-status');

export const checkStatusTable: FlowTable<CheckUi> = {
  flow: 'check-status',
  machine: checkStatusMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).result.connected, ctx(state).result.eventsReceived]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    await enableAppsFlyer(page.request, token, appId);
    return { page, token, workspaceId, appId, shell: new Shell(page) };
  },
  traversals: [
    {
      // Each outcome once (refused and crashed end alike: the crash is the journey below).
      name: 'check',
      kind: 'shortest',
      input: { appId: 'throwaway', pluginId: 'throwaway-appsflyer', source: 'AppsFlyer', connected: false },
      open: (ui) => openAndCheck(ui),
      events: [E.connected, E.waiting, E.refused, E.crashed],
      filterEvents: (_state, event) => event !== E.crashed,
    },
    {
      name: 'check crashes',
      kind: 'journey',
      input: { appId: 'throwaway', pluginId: 'throwaway-appsflyer', source: 'AppsFlyer', connected: false },
      open: (ui) => openAndCheck(ui),
      events: [E.crashed],
    },
  ],
  events: {
    'xstate.done.actor.checkPluginStatus': statusOutcome,
    'xstate.error.actor.checkPluginStatus': statusOutcome,
  },
  states: {
    'checkStatus.deciding': TRANSIENT,
    'checkStatus.fetching': async (ui) => {
      await expect(checkButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(pluginStatus(ui)).toHaveText('Waiting for Events');
    },
    'checkStatus.done': async (ui, _state, via) => {
      const kind = kindOf(via);
      // The snackbar first.
      if (kind === 'connected') {
        await expect(ui.shell.snackbar('AppsFlyer connected successfully')).toBeVisible();
        await expect(pluginStatus(ui)).toHaveText('Connected');
        // Connected: the guide (and its Check Status) gives way to the conversion events.
        await expect(ui.page.getByRole('region', { name: 'Connect AppsFlyer' })).toHaveCount(0);
        return;
      }
      if (kind === 'waiting') {
        await expect(ui.shell.snackbar('No events received yet')).toBeVisible();
        await expect(ui.page.getByTestId('events-chip')).toHaveText('No Events Received');
      } else await expect(ui.shell.snackbar("Can't check status of AppsFlyer plugin!")).toBeVisible();
      await expect(pluginStatus(ui)).toHaveText('Waiting for Events');
      await expect(checkButton(ui)).toBeEnabled();
      await expect(checkButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 60_000,
};

async function openAndCheck(ui: CheckUi) {
  await ui.page.goto(appPath(ui.appId, 'integrations/AppsFlyer', ui.workspaceId));
  await expect(checkButton(ui)).toBeEnabled({ timeout: 60_000 });
  await checkButton(ui).click();
}
