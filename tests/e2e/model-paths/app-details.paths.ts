/**
 * Settings → Details' table (src/machines/app-details/app-details.machine.ts, src/views/settings/DetailsTab.tsx;
 * docs/app-settings.md §Screens and routes App Details, §Messages): each event → the descriptions, a slot's drop and
 * Remove (SET_IMAGE is what the slot's image-slot machine hands over once it recompressed a real JPEG), Discard,
 * Save Changes and Try again, on the Details tab of a throwaway app whose listing is written through the API; each
 * state → the spinner, the load failure, 'No details found for this app.', the form and the busy Save Changes.
 *
 * The loads and the save are the server's; a refused load, a 500, an empty listing, a refused save, a 413 and a
 * 500 save are routed.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  appDetailsMachine,
  type AppDetailsContext,
  type AppDetailsEvent,
  type SlotId,
} from '../../../src/machines/app-details/app-details.machine';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';
import { throwawayApp } from './attribution-apps';

const SHORT = 'Merge paths, hatch tests.';
const FULL = 'A listing written by the path tests.';
const NEW_SHORT = 'Merge paths on 40 islands.';
const LISTING = {
  id: 'throwaway',
  title: 'Paths Game',
  genres: [],
  shortDescription: SHORT,
  fullDescription: FULL,
  screenshots: [],
  backgroundImage: null,
  rating: null,
};
const FAILED = 'Something went wrong when updating the app details. Try again later!';
const TOO_LARGE = 'File is too large! Maximum size is 3MB.';

interface DetailsUi extends Ui {
  token: string;
  workspaceId: string;
  appId: string;
  shell: Shell;
}
type Ev<K extends AppDetailsEvent['type']> = Extract<AppDetailsEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AppDetailsContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const errorOf = (event: EventObject) => (event as EventObject & { error: unknown }).error;
const outputOf = <T>(event: EventObject) => (event as EventObject & { output: T }).output;
const image = (name: string) => ({ name, size: 20_000, type: 'image/jpeg' });

const E = {
  loaded: doneEvent('loadDetails', { success: true, data: LISTING }),
  reloaded: doneEvent('loadDetails', {
    success: true,
    data: { ...LISTING, shortDescription: NEW_SHORT, backgroundImage: '/api/files/background' },
  }),
  loadRefused: doneEvent('loadDetails', { success: false }),
  nothing: doneEvent('loadDetails', { success: true, data: null }),
  loadCrashed: crashEvent('loadDetails'),
  retry: { type: 'RETRY' },
  short: { type: 'CHANGE', field: 'shortDescription', value: NEW_SHORT },
  full: { type: 'CHANGE', field: 'fullDescription', value: 'Edited, then discarded.' },
  reset: { type: 'RESET' },
  shot: { type: 'SET_IMAGE', slot: 0, file: image('shot.jpg') },
  removeShot: { type: 'REMOVE_IMAGE', slot: 0 },
  background: { type: 'SET_IMAGE', slot: 'background', file: image('background.jpg') },
  submit: { type: 'SUBMIT' },
  saved: doneEvent('saveDetails', { success: true }),
  saveRefused: doneEvent('saveDetails', { success: false }),
  saveTooLarge: {
    type: 'xstate.error.actor.saveDetails',
    error: new ApiError(413, TOO_LARGE, 'file_too_large'),
    actorId: 'saveDetails',
  } as EventObject,
  saveCrashed: crashEvent('saveDetails'),
} satisfies Record<string, AppDetailsEvent | EventObject>;

const failure = (event: EventObject) => {
  const error = errorOf(event);
  return error instanceof ApiError
    ? { status: error.status, json: { success: false, message: error.message, code: error.code } }
    : answers.crash;
};
const loadKind = (event: EventObject) =>
  isCrash(event)
    ? '500'
    : !outputOf<{ success: boolean }>(event).success
      ? 'refused'
      : outputOf<{ data: unknown }>(event).data === null
        ? 'none'
        : '✓';
const loadCall = outcome<DetailsUi>(
  { method: 'GET', url: /\/api\/app\/[^/]+\/details$/ },
  (event) => {
    const kind = loadKind(event);
    if (kind === '500') return answers.crash;
    if (kind === 'refused') return answers.refused();
    return kind === 'none' ? { status: 200, json: { success: true, data: null } } : answers.server;
  },
  (event) => `load ${loadKind(event)}`,
);
const saveKind = (event: EventObject) =>
  isCrash(event)
    ? errorOf(event) instanceof ApiError
      ? '413'
      : '500'
    : outputOf<{ success: boolean }>(event).success
      ? '✓'
      : 'refused';
const saveCall = outcome<DetailsUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/details$/ },
  (event) => (isCrash(event) ? failure(event) : saveKind(event) === '✓' ? answers.server : answers.refused()),
  (event) => `save ${saveKind(event)}`,
);

const slotLabel = (slot: SlotId) => (slot === 'background' ? 'Background image' : `Screenshot ${slot + 1}`);
const slotInput = (ui: DetailsUi, slot: SlotId) =>
  ui.page.getByTestId(`${ui.appId}:${slot === 'background' ? 'background' : `screenshot:${slot}`}-input`);
const saveButton = (ui: DetailsUi) => ui.page.getByRole('button', { name: 'Save Changes', exact: true });
const shortField = (ui: DetailsUi) => ui.page.getByLabel('Short Description', { exact: true });

/** A real JPEG drawn in the page (noise), small enough for its slot. */
export async function jpeg(page: Page, width: number, height: number, name: string) {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(w!, h!);
      let seed = w! * 31 + h!;
      for (let i = 0; i < pixels.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        pixels.data[i] = seed & 255;
        pixels.data[i + 1] = (seed >> 8) & 255;
        pixels.data[i + 2] = (seed >> 16) & 255;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
    },
    [width, height],
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

export async function writeListing(request: APIRequestContext, token: string, appId: string) {
  const res = await request.post(`/api/app/${appId}/details`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { data: JSON.stringify({ shortDescription: SHORT, fullDescription: FULL, screenshots: [] }) },
  });
  expect(res.status(), `a listing through the API: ${await res.text()}`).toBe(200);
}

const open = async (ui: DetailsUi) => {
  await ui.page.goto(appPath(ui.appId, 'settings/details', ui.workspaceId));
};

export const appDetailsTable: FlowTable<DetailsUi> = {
  flow: 'app-details',
  machine: appDetailsMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).form, ctx(state).error]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    await writeListing(page.request, token, appId);
    return { page, token, workspaceId, appId, shell: new Shell(page) };
  },
  traversals: [
    {
      // The load refused and crashed (Try again each time), then loaded; edits discarded; a screenshot dropped and
      // removed, a background dropped; the save refused, too large, crashed (every edit kept), then saved and read again.
      name: 'load fails twice, edit, save fails three times, saves',
      kind: 'journey',
      input: { appId: 'throwaway' },
      open,
      events: [
        E.loadRefused,
        E.retry,
        E.loadCrashed,
        E.retry,
        E.loaded,
        E.short,
        E.full,
        E.reset,
        E.short,
        E.shot,
        E.removeShot,
        E.background,
        E.submit,
        E.saveRefused,
        E.submit,
        E.saveTooLarge,
        E.submit,
        E.saveCrashed,
        E.submit,
        E.saved,
        E.reloaded,
      ],
    },
    {
      name: 'no listing',
      kind: 'journey',
      input: { appId: 'throwaway' },
      open,
      events: [E.nothing],
    },
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        ui.page
          .getByLabel(event.field === 'shortDescription' ? 'Short Description' : 'Full Description', { exact: true })
          .fill(event.value),
      label: (event: Ev<'CHANGE'>) => `${event.field} '${event.value}'`,
    },
    SET_IMAGE: {
      act: async (ui, event: Ev<'SET_IMAGE'>) => {
        const [w, h] = event.slot === 'background' ? [640, 360] : [240, 320];
        await slotInput(ui, event.slot).setInputFiles(await jpeg(ui.page, w, h, event.file.name));
      },
      label: (event: Ev<'SET_IMAGE'>) => `drop ${event.file.name} in ${slotLabel(event.slot)}`,
    },
    REMOVE_IMAGE: {
      act: (ui, event: Ev<'REMOVE_IMAGE'>) =>
        ui.page.getByRole('button', { name: `Remove ${slotLabel(event.slot)}`, exact: true }).click(),
      label: (event: Ev<'REMOVE_IMAGE'>) => `remove ${slotLabel(event.slot)}`,
    },
    RESET: { act: (ui) => ui.page.getByRole('button', { name: 'Discard changes', exact: true }).click() },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    'xstate.done.actor.loadDetails': loadCall,
    'xstate.error.actor.loadDetails': loadCall,
    'xstate.done.actor.saveDetails': saveCall,
    'xstate.error.actor.saveDetails': saveCall,
  },
  states: {
    'appDetails.loading': async (ui, state, via) => {
      if (via.type === 'xstate.done.actor.saveDetails')
        await expect(ui.shell.snackbar('App details saved.')).toBeVisible();
      if (ctx(state).form) {
        // Read again after a save: the form stays, busy, until the fresh listing arrives.
        await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
        await expect(shortField(ui)).toBeDisabled();
      } else
        await expect(ui.page.getByRole('status', { name: 'Loading app details' })).toBeVisible({ timeout: 30_000 });
    },
    'appDetails.loadFailed': async (ui) => {
      await expect(ui.page.getByText('The app details could not be loaded', { exact: true })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again', exact: true })).toBeEnabled();
      await expect(shortField(ui)).toHaveCount(0);
    },
    'appDetails.empty': async (ui) => {
      await expect(ui.page.getByText('No details found for this app.', { exact: true })).toBeVisible();
      await expect(shortField(ui)).toHaveCount(0);
    },
    'appDetails.editing': async (ui, state, via) => {
      const c = ctx(state);
      if (c.error) await expect(ui.shell.snackbar(c.error).last()).toBeVisible();
      if (c.error)
        await expect(ui.page.getByRole('tabpanel').getByRole('alert').filter({ hasText: c.error })).toBeVisible();
      else {
        await expect(ui.page.getByText(FAILED, { exact: true })).toHaveCount(0);
        await expect(ui.page.getByText(TOO_LARGE, { exact: true })).toHaveCount(0);
      }
      const form = c.form!;
      await expect(shortField(ui)).toHaveValue(form.shortDescription);
      await expect(shortField(ui)).toBeEnabled();
      await expect(ui.page.getByLabel('Full Description', { exact: true })).toHaveValue(form.fullDescription);
      // A slot shows a preview when it holds a stored image or a dropped one.
      const slots: [SlotId, { url: string | null; file: unknown }][] = [
        ...form.screenshots.map((slot, i) => [i, slot] as [SlotId, typeof slot]),
        ['background', form.background],
      ];
      for (const [id, slot] of slots) {
        const preview = ui.page.getByRole('img', { name: `${slotLabel(id)} preview`, exact: true });
        if (slot.url || slot.file) await expect(preview).toBeVisible({ timeout: 30_000 });
        else await expect(preview).toHaveCount(0);
      }
      await expect(saveButton(ui)).toBeEnabled();
      if (via.type === 'xstate.done.actor.loadDetails' && ctx(state).details?.shortDescription === NEW_SHORT) {
        // Saved for real: the server holds the new short description and the background.
        const res = await ui.page.request.get(`/api/app/${ui.appId}/details`, {
          headers: { authorization: `Bearer ${ui.token}` },
        });
        const saved = ((await res.json()) as { data: { shortDescription: string; backgroundImage: string | null } })
          .data;
        expect(saved.shortDescription).toBe(NEW_SHORT);
        expect(saved.backgroundImage).toMatch(/^\/api\/files\//);
      }
    },
    'appDetails.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(shortField(ui)).toBeDisabled();
    },
  },
  timeout: 120_000,
};
