/**
 * The ask-analyze flow's table (src/machines/ask-analyze/ask-analyze.machine.ts, the page
 * src/views/analyze/ReportAiPage.tsx): each event → what the viewer does on /analyze/reportAi, each state →
 * what the page shows. The real server reads the questions (the offline parser on the demo app with Analyze data); the
 * done events carry the model test's fixture answers (tests/fixtures/ask.ts) for the same questions, and the assertions read only what those
 * answers share with the server's (metric and group-by labels, the server's words for a question without a metric),
 * never the dates. A crash is answered through a Playwright route (500).
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  askAnalyzeMachine,
  type AskAnalyzeContext,
  type AskAnalyzeEvent,
} from '../../../src/machines/ask-analyze/ask-analyze.machine';
import type { AskResponse } from '../../../src/contracts/ask';
import { understood as understoodAnswer, whales as whalesAnswer } from '../../fixtures/ask';
import type { Report } from '../../../src/contracts/analyze';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { ANALYZE_APP } from '../pages/report-builder.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

// Ours and the server's words, verbatim.
const ASK_FAILED = 'We could not read that question. Please try again.';
const RETENTION_QUESTION = 'retention d1 and d7 by country for the last 30 days, only iOS';

const E = {
  typeRetention: { type: 'TYPE', question: RETENTION_QUESTION },
  typeWhales: { type: 'TYPE', question: 'whales by country' },
  ask: { type: 'ASK' },
  retry: { type: 'RETRY' },
  removeD7: { type: 'REMOVE_PART', id: 'metric:retention_d7' },
  groupByPlatform: { type: 'CHANGE_PART', id: 'group', value: 'platform' },
  notIos: { type: 'CHANGE_PART', id: 'comparison:0', value: 'not_equals' },
  pickPayers: { type: 'PICK_SUGGESTION', suggestion: { column_name: 'payers', label: 'Payers', kind: 'metric' } },
  run: { type: 'RUN' },
  understood: doneEvent('ask', understoodAnswer),
  notUnderstood: doneEvent('ask', whalesAnswer),
  crashed: crashEvent('ask'),
};

type Ev<K extends AskAnalyzeEvent['type']> = Extract<AskAnalyzeEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AskAnalyzeContext;
const ASK_URL = { method: 'POST', url: /\/api\/app\/[^/]+\/analyze\/ask$/ };
/** Both answers are the real server's (for the question typed); a crash is a 500. */
const askCall = outcome<Ui>(
  ASK_URL,
  (event) => (event.type.startsWith('xstate.error.') ? answers.crash : answers.server),
  (event) =>
    event.type.startsWith('xstate.error.')
      ? 'ask 500'
      : (event as EventObject & { output: AskResponse }).output.success
        ? 'ask ✓'
        : 'ask: no metric',
);

const questionField = (ui: Ui) => ui.page.getByLabel('Your question');
const askButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Ask', exact: true });
const runButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Run Report' });
const understoodHeading = (ui: Ui) => ui.page.getByRole('heading', { name: 'How I understood it' });
const summary = (ui: Ui) => ui.page.getByTestId('ask-summary');
const open = async (ui: Ui) => {
  await ui.page.goto(appPath(ANALYZE_APP.id, 'analyze/reportAi'));
  await expect(questionField(ui)).toBeVisible();
};
const input = { appId: ANALYZE_APP.id };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The summary starts with the predicted metrics and group-by (the dates and filters follow, in the server's words). */
const summaryStart = (r: Report) => {
  const metrics = r.configuration.select.map((m) => m.label).join(', ');
  const groups = (r.configuration.group_by ?? []).map((g) => `by ${g.label}`);
  return new RegExp(`^${escape([metrics, ...groups].filter(Boolean).join(' · '))}( · |$)`);
};

export const askAnalyzeTable: FlowTable<Ui> = {
  flow: 'ask-analyze',
  machine: askAnalyzeMachine,
  serialize: (state) =>
    JSON.stringify([
      state.value,
      ctx(state).question.trim() !== '',
      ctx(state).report?.configuration.select.length ?? null,
    ]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.viewer);
    return { page };
  },
  traversals: [
    {
      // A question understood; a metric removed, the group-by changed, the condition negated; Run opens the builder with it.
      name: 'understood, run',
      kind: 'journey',
      input,
      open,
      events: [E.typeRetention, E.ask, E.understood, E.removeD7, E.groupByPlatform, E.notIos, E.run],
    },
    {
      // A crash says so in our words; Try again reads the same question anew.
      name: 'crash, retry',
      kind: 'journey',
      input,
      open,
      events: [E.typeRetention, E.ask, E.crashed, E.retry, E.understood],
    },
    {
      // No metric: the server's words and a suggestion, which makes it runnable.
      name: 'no metric, suggestion',
      kind: 'journey',
      input,
      open,
      events: [E.typeWhales, E.ask, E.notUnderstood, E.pickPayers],
    },
  ],
  events: {
    TYPE: {
      act: (ui, event: Ev<'TYPE'>) => questionField(ui).fill(event.question),
      label: (event: Ev<'TYPE'>) => `TYPE ${event.question.split(' ')[0]}`,
    },
    ASK: { act: (ui) => askButton(ui).click() },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    REMOVE_PART: {
      act: (ui, event: Ev<'REMOVE_PART'>) =>
        ui.page
          .getByTestId(`part-${event.id}`)
          .getByRole('button', { name: /^Remove / })
          .click(),
      label: (event: Ev<'REMOVE_PART'>) => `REMOVE ${event.id}`,
    },
    PICK_SUGGESTION: {
      act: (ui, event: Ev<'PICK_SUGGESTION'>) =>
        ui.page.getByRole('button', { name: `Add ${event.suggestion.label}`, exact: true }).click(),
      label: (event: Ev<'PICK_SUGGESTION'>) => `PICK ${event.suggestion.label}`,
    },
    CHANGE_PART: {
      act: async (ui, event: Ev<'CHANGE_PART'>) => {
        // a condition's comparison is the second choice of its chip
        const comparison = /^comparison:(\d+)$/.exec(event.id);
        const chip = ui.page.getByTestId(`part-${comparison ? `condition:${comparison[1]}` : event.id}`);
        await (
          comparison ? chip.getByRole('combobox', { name: /^Change the comparison of / }) : chip.getByRole('combobox')
        ).selectOption(event.value);
      },
      label: (event: Ev<'CHANGE_PART'>) => `CHANGE ${event.id} ${event.value}`,
    },
    RUN: { act: (ui) => runButton(ui).click() },
    'xstate.done.actor.ask': askCall,
    'xstate.error.actor.ask': askCall,
  },
  states: {
    'askAnalyze.editing': async (ui, state) => {
      await expect(questionField(ui)).toHaveValue(ctx(state).question);
      if (ctx(state).question.trim()) await expect(askButton(ui)).toBeEnabled();
      else await expect(askButton(ui)).toBeDisabled();
      await expect(understoodHeading(ui)).toHaveCount(0);
    },
    'askAnalyze.understanding': async (ui) => {
      await expect(askButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(ui.page.getByText('Reading your question…')).toBeVisible();
      await expect(understoodHeading(ui)).toHaveCount(0);
    },
    'askAnalyze.understood': async (ui, state) => {
      await expect(understoodHeading(ui)).toBeVisible();
      await expect(summary(ui)).toHaveText(summaryStart(ctx(state).report!));
      await expect(runButton(ui)).not.toHaveAttribute('aria-disabled', 'true');
      await expect(ui.page.getByRole('alert')).toHaveCount(0);
    },
    'askAnalyze.notUnderstood': async (ui, state) => {
      await expect(understoodHeading(ui)).toBeVisible();
      const answer = ctx(state).answer!;
      await expect(ui.page.getByText(answer.message!, { exact: true })).toBeVisible();
      for (const u of answer.unplaced) await expect(ui.page.getByText(u.message, { exact: true })).toBeVisible();
      await expect(runButton(ui)).toHaveAttribute('aria-disabled', 'true');
    },
    'askAnalyze.failed': async (ui, state) => {
      expect(ctx(state).error).toBe(ASK_FAILED);
      await expect(ui.page.getByRole('alert')).toContainText(ASK_FAILED);
      await expect(ui.page.getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(understoodHeading(ui)).toHaveCount(0);
    },
    'askAnalyze.confirmed': async (ui, state) => {
      // The builder opens with the report as changed, and runs it.
      await expect(ui.page).toHaveURL(/\/analyze\/report\/[^/]+$/, { timeout: 30_000 });
      const metrics = ctx(state).report!.configuration.select.map((m) => m.label ?? m.column_name);
      await expect(ui.page.getByRole('list', { name: 'Chosen metrics' }).getByRole('listitem')).toHaveText(metrics, {
        timeout: 30_000,
      });
    },
  },
  timeout: 60_000,
};
