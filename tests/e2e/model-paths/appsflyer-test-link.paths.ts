/**
 * The AppsFlyer test-link generator's table (src/machines/appsflyer-test-link/appsflyer-test-link.machine.ts,
 * src/views/integrations/TestLinkGenerator.tsx; docs/postbacks.md §Rules and limits advertising id, QR code): each
 * event → the advertising id field, Generate Link, Copy Link, Copy short link, Download PNG on the AppsFlyer tab of a
 * throwaway app (its plugin enabled through the API); each state → the field's error, the busy buttons, the link, the
 * QR code and the words after each step.
 *
 * The short link is the server's (a 500 routed); the QR code, its PNG and the clipboard run in the page, through
 * browser gates (browser-gate.ts): the clipboard is held, then let through or failed; drawing is synchronous (the
 * qrcode library draws on a canvas at once), so `drawing` and `downloading` are left before a check can see them:
 * their checks assert what holds until the QR code (or its PNG) is there, and their failures are provoked.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  appsflyerTestLinkMachine,
  type TestLinkContext,
  type TestLinkEvent,
} from '../../../src/machines/appsflyer-test-link/appsflyer-test-link.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';
import { enableAppsFlyer, throwawayApp } from './attribution-apps';
import { gateOutcome, installBrowserGates, syncGateOutcome } from './browser-gate';

const GAID = '38400000-8cf0-11bd-b23e-10b96e40000d';
const OTHER_GAID = '38400000-8cf0-11bd-b23e-10b96e40000e';

interface LinkUi extends Ui {
  workspaceId: string;
  appId: string;
  shell: Shell;
}
type Ev<K extends TestLinkEvent['type']> = Extract<TestLinkEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as TestLinkContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');

const E = {
  blank: { type: 'EDIT', value: '  ' },
  spaced: { type: 'EDIT', value: '38400000 8cf0' },
  id: { type: 'EDIT', value: GAID },
  otherId: { type: 'EDIT', value: OTHER_GAID },
  generate: { type: 'GENERATE' },
  copy: { type: 'COPY' },
  copyShort: { type: 'COPY_SHORT' },
  download: { type: 'DOWNLOAD' },
  created: doneEvent('createLink', {
    success: true,
    link: 'https://app.appsflyer.com/throwaway',
    shortUrl: 'http://127.0.0.1/t/throwaway',
    expiresAt: 1,
  }),
  createCrashed: crashEvent('createLink'),
  drawn: doneEvent('qrCode', 'data:image/png;base64,'),
  drawFailed: crashEvent('qrCode'),
  copied: doneEvent('copyLink', undefined),
  copyFailed: crashEvent('copyLink'),
  downloaded: doneEvent('downloadQr', undefined),
  downloadFailed: crashEvent('downloadQr'),
} satisfies Record<string, TestLinkEvent | EventObject>;

const createCall = outcome<LinkUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/appsflyer\/test-links$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) => `short link ${isCrash(event) ? '500' : '✓'}`,
);
const drawCall = syncGateOutcome<LinkUi>(
  'draw',
  (event) => !isCrash(event),
  (event) => `QR ${isCrash(event) ? 'fails' : '✓'}`,
);
const downloadCall = syncGateOutcome<LinkUi>(
  'draw',
  (event) => !isCrash(event),
  (event) => `PNG ${isCrash(event) ? 'fails' : '✓'}`,
);
const copyCall = gateOutcome<LinkUi>(
  'clipboard',
  (event) => !isCrash(event),
  (event) => `copy ${isCrash(event) ? 'fails' : '✓'}`,
);

const guide = (ui: LinkUi) => ui.page.getByRole('region', { name: 'Connect AppsFlyer' });
const idField = (ui: LinkUi) => guide(ui).getByLabel('Test device advertising ID (GAID)');
const button = (ui: LinkUi, name: 'Generate Link' | 'Copy Link' | 'Copy short link' | 'Download PNG') =>
  guide(ui).getByRole('button', { name, exact: true });
const qr = (ui: LinkUi) => ui.page.getByTestId('appsflyer-qr');
const ERRORS = ['required', 'whitespaces not allowed'];

async function expectNoLink(ui: LinkUi) {
  await expect(qr(ui)).toHaveCount(0);
  await expect(ui.page.getByTestId('appsflyer-test-link')).toHaveCount(0);
  await expect(guide(ui).getByText('QR Code will be generated here', { exact: true })).toBeVisible();
}
async function expectLink(ui: LinkUi) {
  await expect(qr(ui)).toBeVisible();
  const link = new URL((await ui.page.getByTestId('appsflyer-test-link').textContent())!);
  expect(link.searchParams.get('advertising_id') ?? link.searchParams.get('gaid') ?? link.search).toContain(GAID);
  await expect(ui.page.getByTestId('appsflyer-short-link')).toHaveText(/\/t\/[A-Za-z0-9_-]{12}$/);
}

export const appsflyerTestLinkTable: FlowTable<LinkUi> = {
  flow: 'appsflyer-test-link',
  machine: appsflyerTestLinkMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).advertisingId, ctx(state).link !== null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await installBrowserGates(page);
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    await enableAppsFlyer(page.request, token, appId);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    return { page, workspaceId, appId, shell: new Shell(page) };
  },
  traversals: [
    {
      // The id's two errors; the short link crashing; the QR code failing; then a link: copied, the short one failing
      // to copy, the PNG failing then downloaded; generated again; a new id clears it.
      name: 'id errors, failures, link, copy, download, edit',
      kind: 'journey',
      input: { base: { appId: 'throwaway', platform: 'android', appPath: 'throwaway' } },
      open: async (ui) => {
        await ui.page.goto(appPath(ui.appId, 'integrations/AppsFlyer', ui.workspaceId));
        await expect(idField(ui)).toBeVisible({ timeout: 60_000 });
      },
      events: [
        E.blank,
        E.spaced,
        E.id,
        E.generate,
        E.createCrashed,
        E.generate,
        E.created,
        E.drawFailed,
        E.generate,
        E.created,
        E.drawn,
        E.copy,
        E.copied,
        E.copyShort,
        E.copyFailed,
        E.download,
        E.downloadFailed,
        E.download,
        E.downloaded,
        E.generate,
        E.created,
        E.drawn,
        E.otherId,
      ],
    },
  ],
  events: {
    EDIT: {
      act: (ui, event: Ev<'EDIT'>) => idField(ui).fill(event.value),
      label: (event: Ev<'EDIT'>) => `id '${event.value}'`,
    },
    GENERATE: { act: (ui) => button(ui, 'Generate Link').click() },
    COPY: { act: (ui) => button(ui, 'Copy Link').click() },
    COPY_SHORT: { act: (ui) => button(ui, 'Copy short link').click() },
    DOWNLOAD: {
      act: async (ui, _event) => {
        await button(ui, 'Download PNG').click();
      },
    },
    'xstate.done.actor.createLink': createCall,
    'xstate.error.actor.createLink': createCall,
    'xstate.done.actor.qrCode': drawCall,
    'xstate.error.actor.qrCode': drawCall,
    'xstate.done.actor.copyLink': copyCall,
    'xstate.error.actor.copyLink': copyCall,
    'xstate.done.actor.downloadQr': downloadCall,
    'xstate.error.actor.downloadQr': downloadCall,
  },
  states: {
    'appsflyerTestLink.editing': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type === 'xstate.error.actor.createLink')
        await expect(ui.shell.snackbar('The test link could not be created. Please try again.')).toBeVisible();
      if (via.type === 'xstate.error.actor.qrCode')
        await expect(ui.shell.snackbar('The QR code could not be generated.')).toBeVisible();
      await expect(idField(ui)).toHaveValue(c.advertisingId);
      const error = !c.advertisingId.trim()
        ? 'required'
        : /\s/.test(c.advertisingId.trim())
          ? 'whitespaces not allowed'
          : null;
      for (const words of ERRORS) {
        if (c.touched && words === error) await expect(guide(ui).getByText(words, { exact: true })).toBeVisible();
        else await expect(guide(ui).getByText(words, { exact: true })).toHaveCount(0);
      }
      if (error) await expect(button(ui, 'Generate Link')).toBeDisabled();
      else await expect(button(ui, 'Generate Link')).toBeEnabled();
      await expectNoLink(ui);
    },
    'appsflyerTestLink.shortening': async (ui) => {
      await expect(button(ui, 'Generate Link')).toHaveAttribute('aria-busy', 'true');
    },
    'appsflyerTestLink.drawing': async (ui, state) => {
      // Drawn (or failed) at once (see above): what holds until then and after is the id kept.
      await expect(idField(ui)).toHaveValue(ctx(state).advertisingId);
    },
    'appsflyerTestLink.ready': async (ui, _state, via) => {
      if (via.type === 'xstate.done.actor.copyLink')
        await expect(ui.shell.snackbar('Link copied to clipboard.')).toBeVisible();
      if (via.type === 'xstate.error.actor.copyLink')
        await expect(ui.shell.snackbar('Failed to copy to clipboard.')).toBeVisible();
      if (via.type === 'xstate.error.actor.downloadQr')
        await expect(ui.shell.snackbar('The QR code could not be downloaded.')).toBeVisible();
      await expectLink(ui);
      await expect(button(ui, 'Generate Link')).toBeEnabled();
      await expect(button(ui, 'Copy short link')).toBeEnabled();
      await expect(button(ui, 'Download PNG')).not.toHaveAttribute('aria-busy', 'true');
    },
    'appsflyerTestLink.copying': async (ui) => {
      await expect(button(ui, 'Copy Link')).toHaveAttribute('aria-busy', 'true');
      await expect(button(ui, 'Copy short link')).toBeDisabled();
    },
    'appsflyerTestLink.downloading': async (ui) => {
      // Drawn and saved at once (see above): the QR code stays.
      await expectLink(ui);
    },
  },
  timeout: 120_000,
};
