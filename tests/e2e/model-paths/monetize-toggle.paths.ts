/**
 * The Monetize switch's paths (src/machines/monetize-toggle, src/views/monetize/MonetizeSwitch.tsx; docs/monetize.md
 * §Campaign states Monetize on/off, §Messages): each event → what an admin does with the switch on an app's
 * monetize/list (or the new campaign's form), each state → the switch, the 'Turn off Monetize?' dialog and the words.
 *
 * Data: every test adds its own app to a throwaway workspace, turns the workspace's Monetize on through the test-only
 * fixtures route (tests/e2e/pages/fixtures.ts), and gives the app a campaign through the API when the path starts
 * from one. A campaign made or removed meanwhile (SYNC) is the API's, then a reload. The remove's refusals and crash
 * are routed; its success is the real server's.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  monetizeToggleMachine,
  type MonetizeToggleContext,
} from '../../../src/machines/monetize-toggle/monetize-toggle.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { monetizeByFixture } from '../pages/fixtures';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP_NAME = 'Path Monetize';
const CAMPAIGN = 'campaign';
const REMOVED = 'Monetize removed successfully.';
const REMOVE_FAILED = 'Failed to remove Monetize!';

interface ToggleUi extends Ui {
  shell: Shell;
  dialog: Modal;
  token: string;
  appId: string;
  workspaceId: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const ctx = (state: AnyMachineSnapshot) => state.context as MonetizeToggleContext;

async function campaignByApi(request: APIRequestContext, token: string, appId: string) {
  const res = await request.post('/api/monetize', {
    headers: auth(token),
    data: {
      appId,
      refPublicPrice: 1,
      sendTrafficToAppIds: [],
      countries: ['US'],
      targetConditions: [],
      status: 'LIVE',
    },
  });
  expect(res.status(), `a campaign for ${appId}: ${await res.text()}`).toBe(200);
}
async function removeCampaignByApi(request: APIRequestContext, token: string, appId: string) {
  const res = await request.get(`/api/app/${appId}/monetize`, { headers: auth(token) });
  const campaign = ((await res.json()) as { data: { id: string } | null }).data;
  if (campaign)
    expect((await request.delete(`/api/monetize/${campaign.id}`, { headers: auth(token) })).status()).toBe(200);
}

const removed = (answer: MutationOutcome) => doneEvent('remove', answer);
const E = {
  on: { type: 'TURN_ON' },
  off: { type: 'TURN_OFF' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  made: { type: 'SYNC', campaignId: CAMPAIGN },
  gone: { type: 'SYNC', campaignId: null },
  removed: removed({ status: 'done', answer: { success: true, data: null } } as MutationOutcome),
  refused: removed({ status: 'failed', answer: { success: false }, error: null } as MutationOutcome),
  forbidden: removed({
    status: 'failed',
    answer: null,
    error: { status: 403, message: 'You do not have permission to do this.' },
  } as unknown as MutationOutcome),
  crashed: crashEvent('remove'),
};

const outputOf = (event: EventObject) => (event as EventObject & { output: MutationOutcome }).output;
const removeCall = outcome<ToggleUi>(
  { method: 'DELETE', url: /\/api\/monetize\/[^/]+$/ },
  (event) => {
    if (event.type.startsWith('xstate.error.')) return answers.crash;
    const output = outputOf(event);
    if (output.status === 'done') return answers.server;
    if (output.status === 'failed' && output.answer === null)
      return { status: 403, json: { success: false, message: 'You do not have permission to do this.' } };
    return answers.refused();
  },
  (event) => {
    if (event.type.startsWith('xstate.error.')) return 'remove 500';
    const output = outputOf(event);
    if (output.status === 'done') return 'remove ✓';
    return output.status === 'failed' && output.answer === null ? 'remove 403' : 'remove refused';
  },
);

const toggle = (ui: ToggleUi) => ui.page.getByRole('switch', { name: `Monetize ${APP_NAME}` });
const list = (ui: ToggleUi) => appPath(ui.appId, 'monetize/list', ui.workspaceId);

export const monetizeToggleTable: FlowTable<ToggleUi> = {
  flow: 'monetize-toggle',
  machine: monetizeToggleMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).campaignId !== null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    await monetizeByFixture(page.request, workspace.id);
    const appId = await appByApi(page.request, token, workspace.id, APP_NAME);
    await campaignByApi(page.request, token, appId);
    return {
      page,
      token,
      appId,
      workspaceId: workspace.id,
      shell: new Shell(page),
      dialog: new Modal(page, 'Turn off Monetize?'),
    };
  },
  traversals: [
    {
      // The campaign removed elsewhere; on (the new form) and off again (nothing saved); a campaign made elsewhere;
      // off asks, cancel keeps it; the remove refused, forbidden and crashed keep it with the words; then it goes.
      name: 'on, off, and every remove outcome',
      kind: 'journey',
      input: { appId: 'app', campaignId: CAMPAIGN },
      open: (ui) => ui.page.goto(list(ui)).then(() => undefined),
      events: [
        E.gone,
        E.on,
        E.off,
        E.made,
        E.off,
        E.cancel,
        E.off,
        E.confirm,
        E.refused,
        E.off,
        E.confirm,
        E.forbidden,
        E.off,
        E.confirm,
        E.crashed,
        E.off,
        E.confirm,
        E.removed,
      ],
    },
  ],
  events: {
    TURN_ON: { act: (ui) => toggle(ui).click({ force: true }) },
    TURN_OFF: { act: (ui) => toggle(ui).click({ force: true }) },
    CONFIRM: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Turn off', exact: true }).click() },
    CANCEL: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    SYNC: {
      act: async (ui, event: EventObject & { campaignId: string | null }) => {
        if (event.campaignId) await campaignByApi(ui.page.request, ui.token, ui.appId);
        else await removeCampaignByApi(ui.page.request, ui.token, ui.appId);
        await ui.page.reload();
      },
      label: (event: EventObject & { campaignId: string | null }) =>
        event.campaignId ? 'SYNC (a campaign made elsewhere)' : 'SYNC (removed elsewhere)',
    },
    'xstate.done.actor.remove': removeCall,
    'xstate.error.actor.remove': removeCall,
  },
  states: {
    'monetizeToggle.idle': async (ui, state, via) => {
      if (via.type === 'xstate.done.actor.remove') {
        const words = outputOf(via).status === 'done' ? REMOVED : REMOVE_FAILED;
        await expect(ui.shell.snackbar(words).last()).toBeVisible();
      } else if (via.type === 'xstate.error.actor.remove')
        await expect(ui.shell.snackbar(REMOVE_FAILED).last()).toBeVisible();
      await ui.dialog.expectClosed();
      if (via.type === 'TURN_ON') {
        // The new LIVE campaign's form, the switch on though nothing is saved.
        await expect(ui.page).toHaveURL(appPath(ui.appId, 'monetize/new', ui.workspaceId));
        await expect(ui.page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible();
        await expect(toggle(ui)).toBeChecked();
        await expect(ui.page.getByLabel('Reference public price ($)')).toHaveValue('1');
        return;
      }
      await expect(ui.page).toHaveURL(list(ui));
      await expect(ui.page.getByRole('heading', { level: 1, name: 'Monetize' })).toBeVisible();
      if (ctx(state).campaignId) {
        await expect(toggle(ui)).toBeChecked();
        await expect(ui.page.getByText('LIVE', { exact: true })).toBeVisible();
      } else {
        await expect(toggle(ui)).not.toBeChecked();
        await expect(ui.page.getByText('Monetize is off for this app.')).toBeVisible();
      }
      await expect(toggle(ui)).toBeEnabled();
    },
    'monetizeToggle.removing.confirming': async (ui) => {
      await ui.dialog.expectOpen();
      await expect(ui.dialog.root).toContainText(`This removes the Monetize campaign of ${APP_NAME}.`);
      await expect(ui.dialog.root.getByRole('button', { name: 'Turn off', exact: true })).toBeEnabled();
    },
    'monetizeToggle.removing.running': async (ui) => {
      await expect(ui.dialog.root.getByRole('button', { name: 'Turn off', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
  },
  timeout: 90_000,
};
