/**
 * The add-app flow's table (src/machines/add-app/add-app.machine.ts, src/views/apps/AddAppModal.tsx; docs/apps.md §Screens and routes New
 * App, §Rules and limits search rules and app icon, §Messages search and create messages): each event → what the admin does in the New App
 * modal on the apps page, each state → what the modal shows. The sandbox app store answers searches and lookups; a
 * path that really creates an app works in a throwaway workspace of its own, every other path in Demo Studio without
 * writing (a call still in flight when the path ends is aborted). Failures are answered through Playwright routes.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { addAppMachine, type AddAppContext, type AddAppEvent } from '../../../src/machines/add-app/add-app.machine';
import { parseStoreUrl, type AppSearchResult } from '../../../src/contracts/apps';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { DEMO_WORKSPACE } from '../pages/demo';
import { AppsPage, throwawayWorkspace, TINY_PNG } from '../pages/apps.page';
import {
  answers,
  crashEvent,
  doneEvent,
  outcome,
  TRANSIENT,
  type EventEntry,
  type FlowTable,
  type StateCheck,
  type Ui,
} from './driver';

interface AddAppUi extends Ui {
  apps: AppsPage;
  /** The next search request, once the page sends it (the debounce has ended). */
  searchSent?: Promise<unknown>;
}

const SEARCH_FAILED = 'Failed to search for apps. Please try again.';
const CANT_GET = "Can't get app data from the provided URL.";
const INVALID_URL = 'Please enter a valid URL for your app.';
const CREATE_FAILED = 'Error creating app.';
const CREATE_UNEXPECTED = 'An unexpected error occurred while creating the app.';
const DEBOUNCE = 'xstate.after.searchDebounce.addApp.search.debouncing';

const WORD_GARDEN: AppSearchResult = {
  appId: 'dev.demostudio.wordgarden',
  title: 'Word Garden',
  developer: 'Demo Studio',
  platform: 'android',
};
// A listing the demo workspace does not have (its own Dragon Merge iOS is marked 'Already in workspace' and cannot be
// added, which the model, run without the workspace's apps, does not know).
const DRAGON_IOS: AppSearchResult = {
  appId: '1450398496',
  title: 'Dragon Jump',
  developer: 'Foxglove Digital',
  platform: 'ios',
};
const DRAGON_URL = 'https://apps.apple.com/us/app/dragon-jump/id1450398496';

const E = {
  open: { type: 'OPEN' },
  close: { type: 'CLOSE' },
  ios: { type: 'SET_PLATFORM', platform: 'ios' },
  typeShort: { type: 'TYPE', query: 'wo' },
  typeWord: { type: 'TYPE', query: 'word garden' },
  typeDragon: { type: 'TYPE', query: 'dragon' },
  debounce: { type: DEBOUNCE },
  found: doneEvent('search', { success: true, data: [WORD_GARDEN], catalogue: 'sandbox' }),
  foundDragon: doneEvent('search', { success: true, data: [DRAGON_IOS], catalogue: 'sandbox' }),
  searchCrashed: crashEvent('search'),
  selectWord: { type: 'SELECT', result: WORD_GARDEN },
  selectDragon: { type: 'SELECT', result: DRAGON_IOS },
  useUrl: { type: 'USE_URL' },
  urlTypo: { type: 'CHANGE_URL', url: 'dragon merge' },
  urlDragon: { type: 'CHANGE_URL', url: DRAGON_URL },
  submitUrl: { type: 'SUBMIT_URL' },
  looked: doneEvent('lookup', { success: true, data: DRAGON_IOS, catalogue: 'sandbox' }),
  lookupRefused: doneEvent('lookup', { success: false, message: 'cant_get_app_data' }),
  lookupCrashed: crashEvent('lookup'),
  back: { type: 'BACK' },
  hugeIcon: { type: 'PICK_ICON', file: { name: 'huge.png', size: 1_000_001, type: 'image/png' } },
  icon: { type: 'PICK_ICON', file: { name: 'icon.png', size: TINY_PNG.length, type: 'image/png' } },
  add: { type: 'ADD' },
  created: doneEvent('createApp', { success: true, message: 'App created successfully.', data: { id: 'app-new' } }),
  createRefused: doneEvent('createApp', { success: false, message: 'No.' }),
  createCrashed: crashEvent('createApp'),
};

type Ev<K extends AddAppEvent['type']> = Extract<AddAppEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AddAppContext;
const output = (event: EventObject) =>
  (event as EventObject & { output: { success: boolean; message?: string } }).output;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
/** success → the real server (sandbox store); refusal → `success: false` with the payload's message; error → 500. */
const answerOf = (event: EventObject) =>
  isError(event) ? answers.crash : output(event).success ? answers.server : answers.refused(output(event).message);
const labelOf = (event: EventObject) => {
  const id = event.type.split('.').pop();
  return isError(event) ? `${id} 500` : output(event).success ? `${id} ✓` : `${id} refused`;
};

const searchCall = outcome<AddAppUi>({ method: 'GET', url: /\/api\/app\/search\?/ }, answerOf, labelOf);
const lookupCall = outcome<AddAppUi>({ method: 'GET', url: /\/api\/app\/store-lookup\?/ }, answerOf, labelOf);
const createCall = outcome<AddAppUi>({ method: 'POST', url: /\/api\/workspace\/[^/]+\/apps$/ }, answerOf, labelOf);
/** The search is sent when the debounce ends: held from the step that types, answered by the search's outcome. */
const searchOutcome: EventEntry<AddAppUi> = { act: searchCall.act, label: labelOf };

const searchingCheck: StateCheck<AddAppUi> = async (ui, state) => {
  await ui.apps.search.expectOpen();
  await expect(ui.apps.searchBox).toHaveValue(ctx(state).query);
  await expect(ui.apps.search.root.getByText('Searching…', { exact: true })).toBeVisible();
};

export const addAppTable: FlowTable<AddAppUi> = {
  flow: 'add-app',
  machine: addAppMachine,
  // The states, whether the store URL would be looked up, whether an app was created.
  serialize: (state) =>
    JSON.stringify([state.value, parseStoreUrl(ctx(state).url) !== null, ctx(state).createdId !== null]),
  async setup(page, events) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    // Only a path that really creates an app writes: it gets a workspace of its own.
    const creates = events.some((event) => event.type === 'xstate.done.actor.createApp' && output(event).success);
    const workspaceId = creates ? (await throwawayWorkspace(page.request, token)).id : DEMO_WORKSPACE.id;
    return { page, apps: new AppsPage(page, workspaceId) };
  },
  traversals: [
    {
      name: 'add',
      kind: 'shortest',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.apps.goto().then(() => undefined),
      events: [
        E.open,
        E.typeWord,
        E.debounce,
        E.found,
        E.searchCrashed,
        E.selectWord,
        E.useUrl,
        E.urlDragon,
        E.submitUrl,
        E.add,
        E.created,
      ],
    },
    {
      // Under 3 characters nothing is searched; a crashed search says so; another platform searches again and finds;
      // the store-URL step and back re-searches; cancel.
      name: 'search journey',
      kind: 'journey',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.apps.goto().then(() => undefined),
      events: [
        E.open,
        E.typeShort,
        E.typeWord,
        E.debounce,
        E.searchCrashed,
        E.ios,
        E.debounce,
        E.found,
        E.useUrl,
        E.back,
        E.debounce,
        E.found,
        E.close,
      ],
    },
    {
      // docs/apps.md §Messages words of the store-URL step: a typo is refused on the page, a refusal and a crash say theirs; the
      // found app is reviewed, then back and cancel.
      name: 'store URL journey',
      kind: 'journey',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.apps.goto().then(() => undefined),
      events: [
        E.open,
        E.useUrl,
        E.urlTypo,
        E.submitUrl,
        E.urlDragon,
        E.submitUrl,
        E.lookupRefused,
        E.submitUrl,
        E.lookupCrashed,
        E.submitUrl,
        E.looked,
        E.back,
        E.close,
      ],
    },
    {
      // Review: a too-large icon is refused on the page, a good one taken; a crash and a refusal keep the review
      // with SPEC's words; the retry creates the app (in the test's own workspace) and opens it.
      name: 'review journey',
      kind: 'journey',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.apps.goto().then(() => undefined),
      events: [
        E.open,
        E.ios,
        E.typeDragon,
        E.debounce,
        E.foundDragon,
        E.selectDragon,
        E.hugeIcon,
        E.icon,
        E.add,
        E.createCrashed,
        E.add,
        E.createRefused,
        E.add,
        E.created,
      ],
    },
  ],
  events: {
    OPEN: { act: (ui) => ui.apps.newAppButton.click() },
    CLOSE: {
      act: async (ui, _event, before) => {
        if (before.matches('search'))
          await ui.apps.search.root.getByRole('button', { name: 'Cancel', exact: true }).click();
        else await ui.page.keyboard.press('Escape');
      },
    },
    SET_PLATFORM: {
      act: (ui, event: Ev<'SET_PLATFORM'>) =>
        ui.apps.search.root
          .getByRole('radio', { name: event.platform === 'ios' ? 'iOS' : 'Android', exact: true })
          .click(),
      label: (event: Ev<'SET_PLATFORM'>) => `SET_PLATFORM ${event.platform}`,
    },
    TYPE: {
      act: (ui, event: Ev<'TYPE'>) => ui.apps.searchBox.fill(event.query),
      label: (event: Ev<'TYPE'>) => `TYPE '${event.query}'`,
    },
    [DEBOUNCE]: {
      // Held from the step that types; the debounce is over when the page sends the search.
      arrange: async (ui, event) => {
        ui.searchSent = ui.page.waitForRequest(
          (request) => request.method() === 'GET' && /\/api\/app\/search\?/.test(request.url()),
        );
        await searchCall.arrange!(ui, event);
      },
      act: async (ui) => {
        await ui.searchSent;
      },
      label: () => 'debounce',
    },
    SELECT: {
      act: (ui, event: Ev<'SELECT'>) =>
        ui.apps.search.root
          .getByRole('button', { name: new RegExp(`^${event.result.title}`) })
          .first()
          .click(),
      label: (event: Ev<'SELECT'>) => `SELECT ${event.result.title}`,
    },
    USE_URL: {
      act: (ui) => ui.apps.search.root.getByRole('button', { name: 'Add by store URL', exact: true }).click(),
    },
    CHANGE_URL: {
      act: (ui, event: Ev<'CHANGE_URL'>) => ui.apps.urlField.fill(event.url),
      label: (event: Ev<'CHANGE_URL'>) => (parseStoreUrl(event.url) ? 'CHANGE_URL store link' : 'CHANGE_URL typo'),
    },
    SUBMIT_URL: {
      act: (ui) => ui.apps.byUrl.root.getByRole('button', { name: 'Get App Details', exact: true }).click(),
    },
    BACK: {
      act: async (ui, _event, before) => {
        if (before.matches('url'))
          await ui.apps.byUrl.root.getByRole('button', { name: 'Back to search', exact: true }).click();
        else await ui.apps.review.root.getByRole('button', { name: 'Back', exact: true }).click();
      },
    },
    PICK_ICON: {
      act: (ui, event: Ev<'PICK_ICON'>) =>
        ui.apps.review.root.getByLabel('Icon file').setInputFiles({
          name: event.file!.name,
          mimeType: event.file!.type,
          buffer: event.file!.size === TINY_PNG.length ? TINY_PNG : Buffer.alloc(event.file!.size),
        }),
      label: (event: Ev<'PICK_ICON'>) => `PICK_ICON ${event.file?.name}`,
    },
    ADD: { act: (ui) => ui.apps.review.root.getByRole('button', { name: 'Add App', exact: true }).click() },
    'xstate.done.actor.search': searchOutcome,
    'xstate.error.actor.search': searchOutcome,
    'xstate.done.actor.lookup': lookupCall,
    'xstate.error.actor.lookup': lookupCall,
    'xstate.done.actor.createApp': createCall,
    'xstate.error.actor.createApp': createCall,
  },
  states: {
    'addApp.closed': async (ui, state) => {
      if (ctx(state).createdId) {
        // The new app opens on its integrations overview (docs/apps.md §Screens and routes), in the test's own workspace.
        await expect(ui.page).toHaveURL(
          new RegExp(`/workspace/${ui.apps.workspaceId}/app/[^/]+/integrations/Overview$`),
        );
      } else {
        await ui.apps.expectNoModal();
        await expect(ui.apps.newAppButton).toBeEnabled();
      }
    },
    'addApp.search.check': TRANSIENT,
    'addApp.search.idle': async (ui, state) => {
      await ui.apps.search.expectOpen();
      const { query, platform } = ctx(state);
      await expect(ui.apps.searchBox).toHaveValue(query);
      await expect(
        ui.apps.search.root.getByRole('radio', { name: platform === 'ios' ? 'iOS' : 'Android', exact: true }),
      ).toHaveAttribute('aria-checked', 'true');
      await expect(
        ui.apps.search.root.getByText(
          query ? 'Keep typing: at least 3 characters.' : 'Search Google Play or the App Store by app name.',
          { exact: true },
        ),
      ).toBeVisible();
    },
    'addApp.search.debouncing': searchingCheck,
    'addApp.search.searching': searchingCheck,
    'addApp.search.results': async (ui, state) => {
      await ui.apps.search.expectOpen();
      for (const result of ctx(state).results)
        await expect(
          ui.apps.search.root.getByRole('button', { name: new RegExp(`^${result.title}`) }).first(),
        ).toBeVisible();
      await expect(ui.apps.search.root.getByText('Sandbox catalogue', { exact: true })).toBeVisible();
      await expect(ui.apps.search.root.getByRole('alert')).toHaveCount(0);
    },
    'addApp.search.failed': async (ui) => {
      await ui.apps.search.expectOpen();
      await expect(ui.apps.search.root.getByRole('alert')).toHaveText(SEARCH_FAILED);
    },
    'addApp.url.editing': async (ui, state) => {
      await ui.apps.byUrl.expectOpen();
      const { url, urlError } = ctx(state);
      await expect(ui.apps.urlField).toHaveValue(url);
      if (urlError) await expect(ui.apps.byUrl.root.getByText(urlError, { exact: true })).toBeVisible();
      else
        for (const words of [INVALID_URL, CANT_GET])
          await expect(ui.apps.byUrl.root.getByText(words, { exact: true })).toHaveCount(0);
      await expect(ui.apps.byUrl.root.getByRole('button', { name: 'Get App Details', exact: true })).toBeEnabled();
    },
    'addApp.url.looking': async (ui) => {
      await expect(ui.apps.byUrl.root.getByRole('button', { name: 'Get App Details', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(ui.apps.byUrl.root.getByRole('button', { name: 'Back to search', exact: true })).toBeDisabled();
    },
    'addApp.review.ready': async (ui, state) => {
      const { review } = ui.apps;
      await review.expectOpen();
      const { selected, error, iconError } = ctx(state);
      await expect(review.root.getByText(selected!.title, { exact: true })).toBeVisible();
      if (error) {
        expect([CREATE_FAILED, CREATE_UNEXPECTED]).toContain(error);
        await expect(review.root.getByRole('alert').filter({ hasText: error })).toHaveText(error);
      } else
        for (const words of [CREATE_FAILED, CREATE_UNEXPECTED])
          await expect(review.root.getByText(words, { exact: true })).toHaveCount(0);
      if (iconError) await expect(review.root.getByText(iconError, { exact: true })).toBeVisible();
      else await expect(review.root.getByText('File is too large!', { exact: true })).toHaveCount(0);
      await expect(review.root.getByRole('button', { name: 'Add App', exact: true })).toBeEnabled();
    },
    'addApp.review.adding': async (ui) => {
      await expect(ui.apps.review.root.getByRole('button', { name: 'Add App', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(ui.apps.review.root.getByRole('button', { name: 'Back', exact: true })).toBeDisabled();
    },
  },
  timeout: 60_000,
};
