/**
 * Connecting Adjust's table (src/machines/adjust-connect/adjust-connect.machine.ts, the Connect to Adjust card of
 * src/views/integrations/AdjustTab.tsx; docs/postbacks.md §Rules and limits partner link and .csv events file): each
 * event → the Partner Link field, the Event File input or Connect to Adjust on the Adjust tab of a throwaway app (no
 * Adjust plugin), each state → the form, the button's label and the connection messages.
 *
 * The refusal is the real server's (an events file with two bad lines: it names each); a 500 is routed; the
 * connection itself is the server's (the tab then shows the waiting plugin's status card).
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  adjustConnectMachine,
  type AdjustConnectContext,
  type AdjustConnectEvent,
} from '../../../src/machines/adjust-connect/adjust-connect.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';
import { throwawayApp } from './attribution-apps';

const LINK = 'https://app.adjust.com/wg7abc1';
const FILES: Record<string, string> = {
  'events.xlsx': 'x',
  'bad.csv': 'event_token,event_name\nwgpur1,Purchase\nBAD,Shouty\nwgpur1,Again\n',
  'events.csv':
    'event_token,event_name,revenue_type,currency,revenue_param\nwgpur1,Purchase,iap,USD,revenue\nwglvl1,Level Up,,,\n',
};
const BAD_LINES = [
  'line 3: event_token must be 6 or more lowercase letters or digits',
  'line 4: event_token wgpur1 already used on line 2',
];

interface AdjustUi extends Ui {
  workspaceId: string;
  appId: string;
  shell: Shell;
}
type Ev<K extends AdjustConnectEvent['type']> = Extract<AdjustConnectEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AdjustConnectContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const file = (name: string) => ({ name, size: FILES[name]!.length, type: 'text/csv' }) as unknown as File;

const E = {
  notUrl: { type: 'SET_LINK', value: 'app.adjust.com' },
  link: { type: 'SET_LINK', value: LINK },
  xlsx: { type: 'SET_FILE', file: file('events.xlsx') },
  badCsv: { type: 'SET_FILE', file: file('bad.csv') },
  csv: { type: 'SET_FILE', file: file('events.csv') },
  connect: { type: 'CONNECT', at: 0 },
  connected: doneEvent('connectAdjust', { success: true }),
  refused: doneEvent('connectAdjust', { success: false, errors: BAD_LINES }),
  crashed: crashEvent('connectAdjust'),
} satisfies Record<string, AdjustConnectEvent | EventObject>;

const connectCall = outcome<AdjustUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/adjust\/connect$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) => `connect ${isCrash(event) ? '500' : succeeded(event) ? '✓' : 'refused (bad lines)'}`,
);

const form = (ui: AdjustUi) => ui.page.getByRole('region', { name: 'Connect to Adjust' });
const linkField = (ui: AdjustUi) => form(ui).getByRole('textbox', { name: 'Partner Link' });
const fileInput = (ui: AdjustUi) => form(ui).getByLabel('Event File', { exact: true });
const connectButton = (ui: AdjustUi) =>
  form(ui).getByRole('button', { name: /^(Connect to Adjust|Connecting\.\.\.)$/ });
const feed = (ui: AdjustUi) => ui.page.getByTestId('adjust-connect-feed');

export const adjustConnectTable: FlowTable<AdjustUi> = {
  flow: 'adjust-connect',
  machine: adjustConnectMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).partnerLink, ctx(state).file?.name ?? null, ctx(state).feed.length]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    return { page, workspaceId, appId, shell: new Shell(page) };
  },
  traversals: [
    {
      // Not a URL and not a .csv (each field says why); a file with two bad lines (the server names each), a 500,
      // then a valid file connects.
      name: 'invalid form, bad lines, 500, connects',
      kind: 'journey',
      input: { appId: 'throwaway' },
      open: async (ui) => {
        await ui.page.goto(appPath(ui.appId, 'integrations/Adjust', ui.workspaceId));
        await expect(linkField(ui)).toBeVisible({ timeout: 60_000 });
      },
      events: [
        E.notUrl,
        E.xlsx,
        E.link,
        E.badCsv,
        E.connect,
        E.refused,
        E.connect,
        E.crashed,
        E.csv,
        E.connect,
        E.connected,
      ],
    },
  ],
  events: {
    SET_LINK: {
      act: (ui, event: Ev<'SET_LINK'>) => linkField(ui).fill(event.value),
      label: (event: Ev<'SET_LINK'>) => `link '${event.value}'`,
    },
    SET_FILE: {
      act: (ui, event: Ev<'SET_FILE'>) =>
        fileInput(ui).setInputFiles({
          name: event.file!.name,
          mimeType: event.file!.name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream',
          buffer: Buffer.from(FILES[event.file!.name]!),
        }),
      label: (event: Ev<'SET_FILE'>) => `file ${event.file!.name}`,
    },
    CONNECT: { act: (ui) => connectButton(ui).click() },
    'xstate.done.actor.connectAdjust': connectCall,
    'xstate.error.actor.connectAdjust': connectCall,
  },
  states: {
    'adjustConnect.editing': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type.startsWith('xstate.') && via.type !== 'xstate.init')
        await expect(ui.shell.snackbar('Failed to connect Adjust!').last()).toBeVisible();
      await expect(linkField(ui)).toHaveValue(c.partnerLink);
      await expect(linkField(ui)).toBeEnabled();
      if (c.partnerLink && !/^https?:\/\//.test(c.partnerLink))
        await expect(form(ui).getByText('must be a valid URL')).toBeVisible();
      else await expect(form(ui).getByText('must be a valid URL')).toHaveCount(0);
      if (c.file && !c.file.name.endsWith('.csv')) await expect(fileInput(ui)).toHaveAttribute('aria-invalid', 'true');
      else await expect(fileInput(ui)).not.toHaveAttribute('aria-invalid', 'true');
      const valid = /^https?:\/\//.test(c.partnerLink) && !!c.file?.name.endsWith('.csv');
      if (valid) await expect(connectButton(ui)).toBeEnabled();
      else await expect(connectButton(ui)).toBeDisabled();
      // The last attempt's messages: what was checked, then each error in red.
      if (c.feed.length === 0) await expect(feed(ui)).toHaveCount(0);
      else {
        await expect(feed(ui).locator('[data-type=error]')).toHaveCount(
          c.feed.filter((i) => i.type === 'error').length,
        );
        if (via.type === 'xstate.done.actor.connectAdjust')
          await expect(feed(ui).locator('[data-type=error]')).toHaveText([
            /The events file has 2 errors; nothing was saved/,
            new RegExp(BAD_LINES[0]!),
            new RegExp(BAD_LINES[1]!),
          ]);
        if (isCrash(via))
          await expect(feed(ui).locator('[data-type=error]')).toHaveText([/Failed to connect Adjust!$/]);
      }
    },
    'adjustConnect.connecting': async (ui, state) => {
      await expect(form(ui).getByRole('button', { name: 'Connecting...' })).toHaveAttribute('aria-busy', 'true');
      await expect(linkField(ui)).toBeDisabled();
      await expect(feed(ui)).toContainText(`Checking ${ctx(state).file!.name} and connecting to Adjust...`);
    },
    'adjustConnect.connected': async (ui) => {
      await expect(ui.shell.snackbar('Adjust connected: waiting for the first callback.')).toBeVisible();
      // The tab shows the waiting plugin: its status card instead of the form.
      const status = ui.page.getByRole('region', { name: 'Connection Status' });
      await expect(status.getByTestId('plugin-status')).toHaveText('Waiting for Events');
      await expect(status.getByTestId('partner-url')).toHaveText(LINK);
      await expect(status.getByTestId('events-file')).toHaveText('events.csv (2 events)');
      await expect(form(ui)).toHaveCount(0);
    },
  },
  timeout: 90_000,
};
