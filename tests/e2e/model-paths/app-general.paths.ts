/**
 * App Settings → General's table (src/machines/app-general/app-general.machine.ts, src/views/settings/GeneralTab.tsx;
 * docs/app-settings.md §App settings states store status, §Rules and limits app icon): each event → a field, the
 * store status, the icon picker, Save or Discard changes on the General tab of a throwaway app (an Android app in
 * store, made in a throwaway workspace), each state → the form's values, its errors, the busy Save and the words after
 * a save. A refused save and a 500 are routed; the save itself is the server's (checked again after a reload). SYNC
 * is another admin renaming the app through the API, read when the page loads again.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  appGeneralMachine,
  type AppGeneralContext,
  type AppGeneralEvent,
  type TextField,
} from '../../../src/machines/app-general/app-general.machine';
import type { AppGeneralData } from '../../../src/contracts/app-settings';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath, unique } from '../pages/demo';
import { throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

/** The package name in the model; each test's app has its own (`ui.real`). */
const PKG = 'dev.paths.game';
const listing = (pkg: string) => `https://play.google.com/store/apps/details?id=${pkg}`;
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const INITIAL: AppGeneralData = {
  appName: 'Paths Game',
  googleStatus: 'InStore',
  googlePackageName: PKG,
  googleStoreUrl: listing(PKG),
  appleStatus: 'NotReady',
  appleBundleId: null,
  applePackageName: null,
  appleStoreUrl: null,
};
const RENAMED = 'Paths Game Renamed';
const ELSEWHERE = 'Paths Game Elsewhere';

interface GeneralUi extends Ui {
  token: string;
  workspaceId: string;
  appId: string;
  pkg: string;
  real: (value: string | null) => string;
  shell: Shell;
  /** Saves the page sent (a refused or crashed one answered by a route, the last one by the server). */
  saves: number;
  /** Saves answered so far. */
  answered: number;
  /** The content type of the last save the page sent (multipart: data + image). */
  contentType: string;
}
type Ev<K extends AppGeneralEvent['type']> = Extract<AppGeneralEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AppGeneralContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;

const change = (field: TextField, value: string): Ev<'CHANGE'> => ({ type: 'CHANGE', field, value });
const E = {
  notReady: { type: 'SET_STATUS', store: 'google', status: 'NotReady' },
  inDev: { type: 'SET_STATUS', store: 'google', status: 'InDev' },
  inStore: { type: 'SET_STATUS', store: 'google', status: 'InStore' },
  badPackage: change('googlePackageName', 'not a package'),
  appleUrl: change('googleStoreUrl', 'https://apps.apple.com/app/id123'),
  goodPackage: change('googlePackageName', PKG),
  otherListing: change('googleStoreUrl', listing(`${PKG}x`)),
  goodUrl: change('googleStoreUrl', listing(PKG)),
  name: change('appName', RENAMED),
  iconTooLarge: { type: 'PICK_ICON', file: { name: 'huge.png', size: 1_000_001, type: 'image/png' } },
  icon: { type: 'PICK_ICON', file: { name: 'icon.png', size: TINY_PNG.length, type: 'image/png' } },
  submit: { type: 'SUBMIT' },
  reset: { type: 'RESET' },
  renamedElsewhere: { type: 'SYNC', data: { ...INITIAL, appName: ELSEWHERE } },
  saved: doneEvent('updateGeneral', { success: true, data: {} }),
  refused: doneEvent('updateGeneral', { success: false }),
  crashed: crashEvent('updateGeneral'),
} satisfies Record<string, AppGeneralEvent | EventObject>;

const saveCall = outcome<GeneralUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/general$/ },
  (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => `save ${isCrash(event) ? '500' : succeeded(event) ? '✓' : 'refused'}`,
);

const saveOutcome = {
  ...saveCall,
  act: async (ui: GeneralUi, event: EventObject, before: AnyMachineSnapshot) => {
    await saveCall.act(ui, event, before);
    ui.answered += 1;
  },
};

const LABELS: Record<TextField, string> = {
  appName: 'App name',
  googlePackageName: 'Package name',
  googleStoreUrl: 'Store URL',
  appleBundleId: 'Bundle ID',
  applePackageName: 'App Store ID (optional)',
  appleStoreUrl: 'Store URL',
};
const STATUS_LABELS = { NotReady: 'Not ready', InDev: 'In development', InStore: 'In store' } as const;
const field = (ui: GeneralUi, name: TextField) => ui.page.getByLabel(LABELS[name], { exact: true });
const saveButton = (ui: GeneralUi) => ui.page.getByRole('button', { name: 'Save', exact: true });
const discardButton = (ui: GeneralUi) => ui.page.getByRole('button', { name: 'Discard changes', exact: true });
/** Every words a field can show in this journey. */
const FIELD_WORDS = [
  'Enter a valid package name, such as com.example.game.',
  'Enter the Google Play listing URL (https://play.google.com/store/apps/details?id=…).',
  'The Google Play URL must be the listing of this package name.',
  'File is too large!',
];

async function appInStore(request: APIRequestContext, token: string, workspaceId: string, pkg: string) {
  const res = await request.post(`/api/workspace/${workspaceId}/apps`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      organisationId: workspaceId,
      image: { name: 'icon.png', mimeType: 'image/png', buffer: TINY_PNG },
      data: JSON.stringify({
        appName: INITIAL.appName,
        platform: 'android',
        googlePackageName: pkg,
        googleStoreUrl: listing(pkg),
      }),
    },
  });
  expect(res.status(), `a throwaway app: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

export const appGeneralTable: FlowTable<GeneralUi> = {
  flow: 'app-general',
  machine: appGeneralMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).values, ctx(state).icon?.size ?? null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const workspace = await throwawayWorkspace(page.request, token);
    const pkg = `dev.paths.${unique('g').replace(/[^a-z0-9]/gi, '')}`;
    const appId = await appInStore(page.request, token, workspace.id, pkg);
    const ui: GeneralUi = {
      page,
      token,
      workspaceId: workspace.id,
      appId,
      pkg,
      real: (value) => (value ?? '').replaceAll(PKG, pkg),
      shell: new Shell(page),
      saves: 0,
      answered: 0,
      contentType: '',
    };
    page.on('request', (r) => {
      if (r.method() !== 'POST' || new URL(r.url()).pathname !== `/api/app/${appId}/general`) return;
      ui.saves += 1;
      ui.contentType = r.headers()['content-type'] ?? '';
    });
    return ui;
  },
  traversals: [
    {
      // The store status shows and hides its fields; wrong formats, a URL of another listing, the icon limit; Discard
      // changes; a save refused, crashed (the contract's words, every field kept), then saved; renamed elsewhere.
      name: 'store rules, icon, discard, save fails twice, saves, renamed elsewhere',
      kind: 'journey',
      input: { appId: 'throwaway', data: INITIAL },
      open: async (ui) => {
        await ui.page.goto(appPath(ui.appId, 'settings/general', ui.workspaceId));
        await expect(field(ui, 'appName')).toHaveValue(INITIAL.appName, { timeout: 60_000 });
      },
      events: [
        E.notReady,
        E.inDev,
        E.inStore,
        E.badPackage,
        E.appleUrl,
        E.submit,
        E.goodPackage,
        E.otherListing,
        E.goodUrl,
        E.iconTooLarge,
        E.icon,
        E.name,
        E.reset,
        E.name,
        E.icon,
        E.submit,
        E.refused,
        E.submit,
        E.crashed,
        E.submit,
        E.saved,
        E.renamedElsewhere,
      ],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui, event.field).fill(ui.real(event.value)),
      label: (event: Ev<'CHANGE'>) => `${LABELS[event.field]} '${event.value}'`,
    },
    SET_STATUS: {
      act: (ui, event: Ev<'SET_STATUS'>) =>
        ui.page
          .getByLabel('Store status')
          .selectOption({ label: STATUS_LABELS[event.status] })
          .then(() => undefined),
      label: (event: Ev<'SET_STATUS'>) => `status ${event.status}`,
    },
    PICK_ICON: {
      act: (ui, event: Ev<'PICK_ICON'>) =>
        ui.page.getByLabel('Icon file').setInputFiles({
          name: event.file!.name,
          mimeType: 'image/png',
          buffer: event.file!.size > TINY_PNG.length ? Buffer.alloc(event.file!.size) : TINY_PNG,
        }),
      label: (event: Ev<'PICK_ICON'>) => `icon ${event.file!.name}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    RESET: { act: (ui) => discardButton(ui).click() },
    SYNC: {
      // Another admin renames the app; the page shows it once it loads the app again.
      act: async (ui, event: Ev<'SYNC'>) => {
        const res = await ui.page.request.post(`/api/app/${ui.appId}/general`, {
          headers: { authorization: `Bearer ${ui.token}` },
          multipart: {
            data: JSON.stringify({
              ...event.data,
              googlePackageName: ui.real(event.data.googlePackageName),
              googleStoreUrl: ui.real(event.data.googleStoreUrl),
            }),
          },
        });
        expect(res.status(), 'renamed through the API').toBe(200);
        await ui.page.reload();
        await expect(field(ui, 'appName')).toBeVisible({ timeout: 60_000 });
      },
      label: () => 'SYNC renamed elsewhere',
    },
    'xstate.done.actor.updateGeneral': saveOutcome,
    'xstate.error.actor.updateGeneral': saveOutcome,
  },
  states: {
    'appGeneral.editing': async (ui, state, via) => {
      const c = ctx(state);
      // The snackbar first: it stays 3 s.
      if (via.type === 'xstate.done.actor.updateGeneral' && succeeded(via))
        await expect(ui.shell.snackbar('App settings saved.')).toBeVisible();
      const failed = 'Something went wrong when saving the app settings. Try again later!';
      if (c.error) {
        await expect(ui.shell.snackbar(failed).last()).toBeVisible();
        await expect(ui.page.getByRole('tabpanel').getByRole('alert').filter({ hasText: failed })).toBeVisible();
      } else await expect(ui.page.getByRole('tabpanel').getByRole('alert').filter({ hasText: failed })).toHaveCount(0);
      await expect(field(ui, 'appName')).toHaveValue(c.values.appName);
      await expect(field(ui, 'appName')).toBeEnabled();
      await expect(ui.page.getByLabel('Store status')).toHaveValue(c.values.googleStatus);
      // Package fields when not NotReady, the store URL only when InStore.
      if (c.values.googleStatus === 'NotReady') await expect(field(ui, 'googlePackageName')).toHaveCount(0);
      else await expect(field(ui, 'googlePackageName')).toHaveValue(ui.real(c.values.googlePackageName));
      if (c.values.googleStatus === 'InStore')
        await expect(field(ui, 'googleStoreUrl')).toHaveValue(ui.real(c.values.googleStoreUrl));
      else await expect(field(ui, 'googleStoreUrl')).toHaveCount(0);
      const shown = Object.values(c.errors);
      for (const words of FIELD_WORDS) {
        if (shown.includes(words)) await expect(ui.page.getByText(words, { exact: true })).toBeVisible();
        else await expect(ui.page.getByText(words, { exact: true })).toHaveCount(0);
      }
      const dirty = c.icon !== null || JSON.stringify(c.values) !== JSON.stringify(c.saved);
      if (dirty) await expect(discardButton(ui)).toBeEnabled();
      else await expect(discardButton(ui)).toBeDisabled();
      // Nothing is sent while the form is invalid: only the saves answered so far.
      expect(ui.saves, 'saves sent').toBe(ui.answered);
      if (via.type === 'xstate.done.actor.updateGeneral' && succeeded(via)) {
        const res = await ui.page.request.get(`/api/app/${ui.appId}`, {
          headers: { authorization: `Bearer ${ui.token}` },
        });
        const saved = ((await res.json()) as { data: { appName: string; image: string | null } }).data;
        expect(ui.contentType).toMatch(/^multipart\/form-data/);
        expect(saved.appName).toBe(RENAMED);
        expect(saved.image).toMatch(/^\/api\/files\//);
      }
      if (via.type === 'SYNC') await expect(field(ui, 'appName')).toHaveValue(ELSEWHERE);
    },
    'appGeneral.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(field(ui, 'appName')).toBeDisabled();
    },
  },
  timeout: 90_000,
};
