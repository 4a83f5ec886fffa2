/**
 * The quest editor (src/machines/quest-editor, src/views/acquire/QuestEditorDialog.tsx; docs/acquire.md §Entities
 * Quest, §Quest states "editing writes the draft"): each event → what the admin does in 'New quest' on Dragon Merge
 * (iOS)'s Quests grid, each state → the dialog (its fields, each step's payouts by country, their errors, the save's
 * words) or the grid after it.
 *
 * Data: the journey saves a new quest for real (a unique name) and removes it at its end; the save's refusal and
 * crash are routed.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  questEditorMachine,
  type QuestEditorContext,
  type QuestEditorEvent,
} from '../../../src/machines/quest-editor/quest-editor.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { ApiError } from '../../../src/services/http';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';
import { QUEST_APP, questRow, questsPath, removeQuestByApi, uniqueQuestName } from './quests';

// Ours (docs/acquire.md has no quest-editor texts), literally.
const SAVE_FAILED = 'Failed to save the quest.';
// The server's words for a new quest (a saved draft of an existing one says 'Draft saved.').
const SAVED = 'Quest created.';
const REFUSED = 'A quest with this name already exists.';
const NAME = 'Path quest';

interface EditorUi extends Ui {
  shell: Shell;
  token: string;
  name: string;
}

type Ev<K extends QuestEditorEvent['type']> = Extract<QuestEditorEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as QuestEditorContext;
const errorOf = (event: EventObject) => (event as EventObject & { error?: unknown }).error;
/** A crash (500), as opposed to the server's refusal in words (an ApiError with its status and code). */
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.') && !(errorOf(event) instanceof ApiError);

const E = {
  name: { type: 'SET_NAME', value: NAME },
  cap: { type: 'SET_DAILY_CAP', value: '50' },
  countries: { type: 'SET_COUNTRIES', countries: ['DE'] },
  payout: { type: 'SET_STEP', index: 0, field: 'payout', value: '1.5' },
  addStep: { type: 'ADD_STEP' },
  payout2: { type: 'SET_STEP', index: 1, field: 'payout', value: '2' },
  removeStep: { type: 'REMOVE_STEP', index: 1 },
  // Payouts by country: a row for the quest's country (DE), a multiplier out of range, then absolute $2.50; a second
  // row has no quest country left to name (both its fields wanted) and is removed.
  addCountry: { type: 'ADD_COUNTRY_PAYOUT', index: 0 },
  countryTooMuch: { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 0, field: 'value', value: '11' },
  countryAbsolute: { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 0, field: 'mode', value: 'absolute' },
  countryValue: { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 0, field: 'value', value: '2.5' },
  removeCountry: { type: 'REMOVE_COUNTRY_PAYOUT', index: 0, row: 1 },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  saved: doneEvent('saveQuest', { success: true, message: SAVED }),
  // The server refuses in words with a 4xx (the answer's codec has no room for a refusal without the quest).
  refused: {
    type: 'xstate.error.actor.saveQuest',
    error: new ApiError(409, REFUSED, 'conflict'),
    actorId: 'saveQuest',
  } as EventObject,
  crashed: crashEvent('saveQuest'),
} satisfies Record<string, QuestEditorEvent | EventObject>;

const saveCall = outcome<EditorUi>(
  { method: 'POST', url: new RegExp(`/api/app/${QUEST_APP}/acquire/quests$`) },
  (event) => {
    const error = errorOf(event);
    if (error instanceof ApiError)
      return { status: error.status, json: { success: false, message: error.message, code: error.code } };
    return isCrash(event) ? answers.crash : answers.server;
  },
  (event) => `save ${isCrash(event) ? '500' : errorOf(event) instanceof ApiError ? 'refused' : '✓'}`,
);

const dialog = (ui: EditorUi) => new Modal(ui.page, 'New quest');
const field = (ui: EditorUi, label: string) => dialog(ui).root.getByLabel(label, { exact: true });
const saveButton = (ui: EditorUi) => dialog(ui).root.getByRole('button', { name: 'Save draft', exact: true });

async function questIdByName(request: APIRequestContext, token: string, name: string) {
  const res = await request.get(`/api/app/${QUEST_APP}/acquire/quests`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const quests = ((await res.json()) as { data: { id: string; draft: { name: string } | null }[] }).data;
  return quests.find((quest) => quest.draft?.name === name)?.id ?? null;
}

const open = async (ui: EditorUi) => {
  await ui.page.goto(questsPath);
  await ui.page.getByRole('button', { name: 'New quest', exact: true }).click();
};

export const questEditorTable: FlowTable<EditorUi> = {
  flow: 'quest-editor',
  machine: questEditorMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    return { page, token, name: uniqueQuestName(), shell: new Shell(page) };
  },
  async teardown(ui) {
    const id = await questIdByName(ui.page.request, ui.token, ui.name);
    if (id) await removeQuestByApi(ui.page.request, ui.token, id);
  },
  traversals: [
    {
      name: 'cancel',
      kind: 'shortest',
      input: {
        appId: QUEST_APP,
        questId: null,
        definition: null,
        defaultCountries: [],
        defaultEvent: 'the first event',
      },
      open,
      events: [E.cancel],
    },
    {
      // Save shows what is missing; the fields filled, a step added and removed; the save refused (the server's
      // words) and crashed (ours) keep every field; then the draft is saved and listed.
      name: 'new quest',
      kind: 'journey',
      input: {
        appId: QUEST_APP,
        questId: null,
        definition: null,
        defaultCountries: [],
        defaultEvent: 'the first event',
      },
      open,
      events: [
        E.submit,
        E.name,
        E.cap,
        E.countries,
        E.payout,
        E.addCountry,
        E.countryTooMuch,
        E.countryAbsolute,
        E.countryValue,
        E.addCountry,
        E.removeCountry,
        E.addStep,
        E.payout2,
        E.removeStep,
        E.submit,
        E.refused,
        E.submit,
        E.crashed,
        E.submit,
        E.saved,
      ],
    },
  ],
  events: {
    SET_NAME: { act: (ui) => field(ui, 'Quest name').fill(ui.name) },
    SET_DAILY_CAP: { act: (ui, event: Ev<'SET_DAILY_CAP'>) => field(ui, 'Daily cap (USD)').fill(event.value) },
    SET_COUNTRIES: {
      // The event's countries exactly: the editor starts with the target's countries (an option click toggles one),
      // so the chosen ones are removed first, then the event's are picked.
      act: async (ui, event: Ev<'SET_COUNTRIES'>) => {
        const chosen = dialog(ui)
          .root.getByRole('list', { name: 'Chosen quest countries' })
          .getByRole('button', { name: /^Remove / });
        while ((await chosen.count()) > 0) await chosen.first().click();
        for (const code of event.countries) {
          await field(ui, 'Quest countries').fill(code);
          await ui.page.getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).click();
        }
        await ui.page.keyboard.press('Escape');
      },
    },
    ADD_STEP: { act: (ui) => dialog(ui).root.getByRole('button', { name: 'Add step', exact: true }).click() },
    REMOVE_STEP: {
      act: (ui, event: Ev<'REMOVE_STEP'>) =>
        dialog(ui)
          .root.getByRole('button', { name: `Remove step ${event.index + 1}`, exact: true })
          .click(),
    },
    SET_STEP: {
      act: (ui, event: Ev<'SET_STEP'>) => field(ui, `Step ${event.index + 1} payout (USD)`).fill(event.value),
      label: (event: Ev<'SET_STEP'>) => `step ${event.index + 1} ${event.field} ${event.value}`,
    },
    ADD_COUNTRY_PAYOUT: {
      act: (ui, event: Ev<'ADD_COUNTRY_PAYOUT'>) =>
        dialog(ui)
          .root.getByRole('button', { name: `Add country to step ${event.index + 1}`, exact: true })
          .click(),
    },
    REMOVE_COUNTRY_PAYOUT: {
      act: (ui, event: Ev<'REMOVE_COUNTRY_PAYOUT'>) =>
        dialog(ui)
          .root.getByRole('button', { name: `Remove country ${event.row + 1} of step ${event.index + 1}`, exact: true })
          .click(),
    },
    SET_COUNTRY_PAYOUT: {
      // The keyboard where it can: a kind is chosen with the arrow keys on the focused select.
      act: async (ui, event: Ev<'SET_COUNTRY_PAYOUT'>) => {
        const at = `Step ${event.index + 1} ${event.field === 'mode' ? 'kind' : event.field} ${event.row + 1}`;
        if (event.field === 'value') await field(ui, at).fill(event.value);
        else await field(ui, at).selectOption(event.value);
      },
      label: (event: Ev<'SET_COUNTRY_PAYOUT'>) =>
        `step ${event.index + 1} country row ${event.row + 1} ${event.field} ${event.value}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    CANCEL: { act: (ui) => dialog(ui).root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.saveQuest': saveCall,
    'xstate.error.actor.saveQuest': saveCall,
  },
  states: {
    'questEditor.editing': async (ui, state, via) => {
      const c = ctx(state);
      await dialog(ui).expectOpen();
      // The save's words: the server's refusal, or ours for a crash.
      if (c.error) await expect(dialog(ui).root.getByRole('alert')).toHaveText(c.error);
      else await expect(dialog(ui).root.getByRole('alert')).toHaveCount(0);
      if (isCrash(via)) await expect(dialog(ui).root.getByRole('alert')).toHaveText(SAVE_FAILED);
      await expect(field(ui, 'Quest name')).toHaveValue(c.values.name ? ui.name : '');
      await expect(field(ui, 'Daily cap (USD)')).toHaveValue(c.values.dailyCap);
      await expect(dialog(ui).root.getByRole('listitem', { name: /^Step \d+$/ })).toHaveCount(c.values.steps.length);
      for (const [i, step] of c.values.steps.entries()) {
        await expect(field(ui, `Step ${i + 1} payout (USD)`)).toHaveValue(step.payout);
        // Its payouts by country: one row each, with the machine's country, kind and value, and their errors in words.
        await expect(
          dialog(ui).root.getByRole('combobox', { name: new RegExp(`^Step ${i + 1} country \\d+$`) }),
        ).toHaveCount(step.countryPayouts.length);
        for (const [j, row] of step.countryPayouts.entries()) {
          await expect(field(ui, `Step ${i + 1} country ${j + 1}`)).toHaveValue(row.country);
          await expect(field(ui, `Step ${i + 1} kind ${j + 1}`)).toHaveValue(row.mode);
          await expect(field(ui, `Step ${i + 1} value ${j + 1}`)).toHaveValue(row.value);
          const at = `steps.${i}.countryPayouts.${j}`;
          const valueError = c.errors[`${at}.value`];
          const valueWords = valueError && `${row.mode === 'multiplier' ? 'Multiplier' : 'Payout'} ${valueError}.`;
          if (valueWords) await expect(dialog(ui).root.getByText(valueWords)).toBeVisible();
          if (c.errors[`${at}.country`])
            await expect(dialog(ui).root.getByText(`Country ${c.errors[`${at}.country`]}.`)).toBeVisible();
          if (valueError)
            await expect(field(ui, `Step ${i + 1} value ${j + 1}`)).toHaveAttribute('aria-invalid', 'true');
          else await expect(field(ui, `Step ${i + 1} value ${j + 1}`)).not.toHaveAttribute('aria-invalid');
        }
      }
      for (const code of c.values.countries)
        await expect(
          dialog(ui).root.getByRole('button', { name: new RegExp(`^Remove (${code}|Germany)$`) }),
        ).toBeVisible();
      // Field errors after a save: the name and the daily cap in words.
      if (c.errors.name) await expect(dialog(ui).root.getByText('A name is required.')).toBeVisible();
      else await expect(dialog(ui).root.getByText('A name is required.')).toHaveCount(0);
      if (c.errors.dailyCap) await expect(dialog(ui).root.getByText(`Daily cap ${c.errors.dailyCap}.`)).toBeVisible();
      await expect(saveButton(ui)).toBeEnabled();
    },
    'questEditor.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(dialog(ui).root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
    'questEditor.saved': async (ui) => {
      await expect(ui.shell.snackbar(SAVED)).toBeVisible();
      await dialog(ui).expectClosed();
      await expect(questRow(ui.page, ui.name)).toContainText('Draft');
    },
    'questEditor.cancelled': async (ui) => {
      await dialog(ui).expectClosed();
      await expect(ui.page.getByRole('button', { name: 'New quest', exact: true })).toBeEnabled();
    },
  },
  timeout: 90_000,
};
