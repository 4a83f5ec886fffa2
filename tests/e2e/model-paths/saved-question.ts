/**
 * What the saved questions' browser tables share (docs/analyze.md §Saved questions; the lifecycle in
 * src/machines/shared/saved-question.ts, the frame in src/views/analyze/SavedQuestionFrame.tsx): signing in as an editor
 * with a saved one made through the API, deleting every one a test made, the calls answered by the real server or a
 * 500, the title / save / delete / retry acts, and the checks of the states the frame shows.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { ANALYZE_APP } from '../pages/report-builder.page';
import {
  answers,
  crashEvent,
  doneEvent,
  outcome,
  TRANSIENT,
  type EventEntry,
  type StateCheck,
  type Ui,
} from './driver';

export const TITLE_TOO_LONG = 'The title must be at most 75 characters.';
export const app = ANALYZE_APP.id;

export interface SavedQuestionUi extends Ui {
  token: string;
  /** A saved one made for this test. */
  savedId: string;
  /** What this test saved (deleted in teardown). */
  made: Set<string>;
}

export interface SavedQuestionKind {
  /** 'cohorts': below /analyze/ and /api/app/{app}/analyze/. */
  path: string;
  /** 'cohort': the key of the save response. */
  key: string;
  /** 'cohort table': the words of the frame. */
  noun: string;
  /** The path below the kind's API that is not a saved one ('run', 'events'). */
  notAnId: string;
  /** The one setup saves. */
  seed: { title: string; question: object };
  /** Waits for the page's chunk once opened (the funnel's). */
  loaded?: (ui: SavedQuestionUi) => Promise<void>;
}

/** The lifecycle's events of a path: `summary` is what a save answers, `question` what an open does. */
export const lifecycleEvents = (summary: { id: string; title: string; updated_at: string }, question: object) => ({
  title: { type: 'SET_TITLE', title: summary.title },
  longTitle: { type: 'SET_TITLE', title: 'x'.repeat(76) },
  save: { type: 'SAVE' },
  del: { type: 'DELETE' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  retry: { type: 'RETRY' },
  ran: doneEvent('run', null),
  runCrashed: crashEvent('run'),
  opened: doneEvent('open', { ...summary, question }),
  openCrashed: crashEvent('open'),
  saved: doneEvent('save', summary),
  saveCrashed: crashEvent('save'),
  removed: doneEvent('remove', { success: true }),
  removeCrashed: crashEvent('remove'),
});

const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
/** A call answered by the real server, or a 500 for an error event. */
export const call = (method: string, url: RegExp, name: string) =>
  outcome<SavedQuestionUi>(
    { method, url },
    (event) => (isError(event) ? answers.crash : answers.server),
    (event) => `${name} ${isError(event) ? '500' : '✓'}`,
  );

export async function alertSays(p: Page, words: string) {
  await expect(p.getByRole('alert').first()).toContainText(words);
}

const api = (ui: SavedQuestionUi, method: 'POST' | 'DELETE', path: string, data?: unknown) =>
  ui.page.request.fetch(path, { method, headers: { authorization: `Bearer ${ui.token}` }, data });

/** The shared parts of one kind's table. */
export function savedQuestionKit(kind: SavedQuestionKind) {
  const base = `/api/app/${app}/analyze/${kind.path}`;
  const apiPath = `\\/api\\/app\\/[^/]+\\/analyze\\/${kind.path}`;
  const Noun = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
  const page = (ui: SavedQuestionUi) => ui.page;
  const dialog = (ui: SavedQuestionUi) => ui.page.getByRole('dialog', { name: `Delete ${kind.noun}` });
  const saveButton = (ui: SavedQuestionUi) => ui.page.getByRole('button', { name: `Save ${kind.noun}` });
  const building = (ui: SavedQuestionUi) => ui.page.getByText(`Building the ${kind.noun}…`);
  const open = (path: (ui: SavedQuestionUi) => string) => async (ui: SavedQuestionUi) => {
    await ui.page.goto(appPath(app, path(ui)));
    await kind.loaded?.(ui);
  };
  const openSaved = open((ui) => `analyze/${kind.path}/${ui.savedId}`);
  const runCall = call('POST', new RegExp(`${apiPath}\\/run$`), 'run');
  const openCall = call('GET', new RegExp(`${apiPath}\\/(?!${kind.notAnId}$)[^/?]+$`), 'open');
  const saveCall = call('POST', new RegExp(`${apiPath}$`), 'save');
  const removeCall = call('DELETE', new RegExp(`${apiPath}\\/[^/?]+$`), 'delete');

  return {
    page,
    dialog,
    saveButton,
    building,
    openNew: open(() => `analyze/${kind.path}`),
    openSaved,

    setup: async (p: Page): Promise<SavedQuestionUi> => {
      const token = await signInOnce(p, DEMO_ACCOUNTS.editor);
      const ui: SavedQuestionUi = { page: p, token, savedId: '', made: new Set() };
      const res = await api(ui, 'POST', base, kind.seed);
      expect(res.status(), await res.text()).toBe(200);
      ui.savedId = ((await res.json()) as Record<string, { id: string }>)[kind.key]!.id;
      ui.made.add(ui.savedId);
      return ui;
    },
    teardown: async (ui: SavedQuestionUi) => {
      const match = new RegExp(`\\/analyze\\/${kind.path}\\/([^/?#]+)`).exec(ui.page.url());
      if (match) ui.made.add(decodeURIComponent(match[1]!));
      for (const id of ui.made) {
        const res = await api(ui, 'DELETE', `${base}/${encodeURIComponent(id)}`);
        expect([200, 404], `deleting the ${kind.noun} ${id} this test made`).toContain(res.status());
      }
    },

    /**
     * The saved one's journeys (`name` 'saved table'): it opens after a failed open and Retry, runs, and is saved
     * again, a failed save and a title too long saying so beside Save; delete asks first, Cancel keeps it, a failed
     * delete says so in the dialog, done goes back to a new one.
     */
    savedJourneys: (name: string, input: object, E: ReturnType<typeof lifecycleEvents>) => [
      {
        name,
        kind: 'journey' as const,
        input,
        open: openSaved,
        events: [
          E.openCrashed,
          E.retry,
          E.opened,
          E.ran,
          E.save,
          E.saveCrashed,
          E.longTitle,
          E.save,
          E.title,
          E.save,
          E.saved,
        ],
      },
      {
        name: 'delete',
        kind: 'journey' as const,
        input,
        open: openSaved,
        events: [E.opened, E.ran, E.del, E.cancel, E.del, E.confirm, E.removeCrashed, E.confirm, E.removed],
      },
    ],

    /** The lifecycle's events: the title, Save, Delete and its dialog, Retry, and the four calls. */
    events: {
      SET_TITLE: {
        act: (ui, event: { title: string }) => page(ui).getByLabel('Title').fill(event.title),
        label: (event: { title: string }) => `TITLE ${event.title.length > 20 ? 'too long' : event.title}`,
      },
      SAVE: { act: (ui) => saveButton(ui).click() },
      DELETE: {
        act: (ui) =>
          page(ui)
            .getByRole('button', { name: `Delete ${kind.noun}` })
            .click(),
      },
      CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Delete', exact: true }).click() },
      CANCEL: { act: (ui) => dialog(ui).getByRole('button', { name: 'Cancel' }).click() },
      RETRY: { act: (ui) => page(ui).getByRole('button', { name: 'Retry' }).click() },
      'xstate.done.actor.run': runCall,
      'xstate.error.actor.run': runCall,
      'xstate.done.actor.open': openCall,
      'xstate.error.actor.open': openCall,
      'xstate.done.actor.save': saveCall,
      'xstate.error.actor.save': saveCall,
      'xstate.done.actor.remove': removeCall,
      'xstate.error.actor.remove': removeCall,
    } satisfies Record<string, EventEntry<SavedQuestionUi>>,

    /**
     * The lifecycle's state checks under `<machineId>.`; `noAnswer` is what must be absent after a failed open, the
     * words are the kind's. `ready`, `invalid` (and the kind's own states) stay the table's.
     */
    states(
      machineId: string,
      words: { OPEN_FAILED: string; RUN_FAILED: string; DELETE_FAILED: string },
      noAnswer: (ui: SavedQuestionUi) => ReturnType<Page['getByRole']>,
    ): Record<string, StateCheck<SavedQuestionUi> | typeof TRANSIENT> {
      return {
        [`${machineId}.boot`]: TRANSIENT,
        [`${machineId}.checking`]: TRANSIENT,
        [`${machineId}.opening`]: async (ui) => {
          await expect(page(ui).getByText(`Opening the ${kind.noun}…`)).toBeVisible();
        },
        [`${machineId}.openFailed`]: async (ui) => {
          await alertSays(page(ui), words.OPEN_FAILED);
          await expect(page(ui).getByRole('button', { name: 'Retry' })).toBeVisible();
          await expect(noAnswer(ui)).toHaveCount(0);
        },
        [`${machineId}.running`]: async (ui) => {
          await expect(building(ui)).toBeVisible();
        },
        [`${machineId}.runFailed`]: async (ui) => {
          await alertSays(page(ui), words.RUN_FAILED);
          await expect(page(ui).getByRole('button', { name: 'Retry' })).toBeVisible();
        },
        [`${machineId}.confirmingDelete`]: async (ui, state) => {
          await expect(dialog(ui)).toBeVisible();
          await expect(dialog(ui)).toContainText(`Are you sure you want to delete the ${kind.noun}`);
          if ((state.context as { saveError: string | null }).saveError)
            await expect(dialog(ui).getByRole('alert')).toHaveText(words.DELETE_FAILED);
        },
        [`${machineId}.deleting`]: async (ui) => {
          await expect(dialog(ui).getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
            'aria-busy',
            'true',
          );
        },
        [`${machineId}.deleted`]: async (ui) => {
          await expect(page(ui)).toHaveURL(new RegExp(`\\/analyze\\/${kind.path}$`));
          await expect(page(ui).getByText(`${Noun} deleted.`)).toBeVisible();
        },
        [`${machineId}.saving`]: async (ui) => {
          await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
        },
      };
    },

    /** In `ready`: no run and no dialog showing, the save's words or its new URL and list entry (`title`). */
    async readySaved(ui: SavedQuestionUi, state: AnyMachineSnapshot, via: EventObject, idKey: string, title: string) {
      const context = state.context as Record<string, unknown> & { saveError: string | null };
      if (context.saveError) await expect(page(ui).getByText(context.saveError, { exact: true })).toBeVisible();
      if (context.saveError === TITLE_TOO_LONG)
        await expect(page(ui).getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      if (via.type === 'xstate.done.actor.save') {
        await expect(page(ui)).toHaveURL(new RegExp(`\\/analyze\\/${kind.path}\\/[^/]+$`));
        await expect(page(ui).getByText(`${Noun} saved.`)).toBeVisible();
        if (context[idKey])
          await expect(page(ui).getByRole('navigation', { name: `Saved ${kind.noun}s` })).toContainText(title);
      }
    },
  };
}
