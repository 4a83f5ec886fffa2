/**
 * Reviewing quest edits (src/machines/quest-review, src/views/acquire/QuestReviewDialog.tsx and the grid's Publish
 * all / Discard all; docs/acquire.md §Quest states, §Messages): each event → what the admin does on Dragon Merge
 * (iOS)'s Quests grid or in 'Review edits: {name}', each state → the dialog, the bulk buttons and the words.
 *
 * Data: every test makes its own published quest with a draft (through the API) and removes it at its end. Its
 * publish and discard are the real server's on success, routed when refused or crashed. Publish all and Discard all
 * act on every quest of the app (the seeded ones too), so every answer of theirs is routed, the successes included.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  questReviewMachine,
  type DiscardAllPlan,
  type QuestReviewContext,
} from '../../../src/machines/quest-review/quest-review.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import type { BulkQuestResult } from '../../../src/contracts/acquire';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';
import { QUEST_APP, questByApi, questMenu, questRow, questsPath, removeQuestByApi, uniqueQuestName } from './quests';

// docs/acquire.md §Messages, verbatim.
const PUBLISH_FAILED = 'Failed to publish changes.';
const DISCARD_FAILED = 'Failed to discard changes.';
const ALL_PUBLISH_FAILED = 'All quests failed to publish.';
const ALL_DISCARD_FAILED = 'All quests failed to discard.';
/** A refusal's reason, in the server's words (shown in the dialog). */
const NOT_YET = 'Path quest cannot be published yet. Step 1 (af_tutorial_completion): no event received.';

interface ReviewUi extends Ui {
  shell: Shell;
  token: string;
  questId: string;
  name: string;
}

const ctx = (state: AnyMachineSnapshot) => state.context as QuestReviewContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = <T>(event: EventObject) => (event as EventObject & { output: T }).output;

const bulk = (answer: BulkQuestResult) => answer;
const PUBLISHED_ALL = bulk({ success: true, succeeded: ['q'], failed: [], message: '1 quest published.' });
const PUBLISHED_SOME = bulk({
  success: false,
  succeeded: ['q'],
  failed: ['r'],
  message: '1 quest published; Merge Master failed: no event received.',
});
const PUBLISHED_NONE = bulk({ success: false, succeeded: [], failed: ['q'], message: 'Nothing was published.' });
const DISCARDED_ALL = bulk({ success: true, succeeded: ['q'], failed: [], message: '1 quest discarded.' });
const plan: DiscardAllPlan = { questIds: ['q'], reverted: 1, deleted: [] };

const E = {
  open: { type: 'OPEN', questId: 'q' },
  close: { type: 'CLOSE' },
  publish: { type: 'PUBLISH' },
  discard: { type: 'DISCARD' },
  publishAll: { type: 'PUBLISH_ALL' },
  discardAll: { type: 'DISCARD_ALL', plan },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  published: doneEvent('publishQuest', { success: true, message: '' }),
  publishRefused: doneEvent('publishQuest', { success: false, message: NOT_YET }),
  publishCrashed: crashEvent('publishQuest'),
  discarded: doneEvent('discardQuest', { success: true, message: '' }),
  discardRefused: doneEvent('discardQuest', { success: false }),
  discardCrashed: crashEvent('discardQuest'),
  publishedAll: doneEvent('publishAll', PUBLISHED_ALL),
  publishedSome: doneEvent('publishAll', PUBLISHED_SOME),
  publishedNone: doneEvent('publishAll', PUBLISHED_NONE),
  publishAllCrashed: crashEvent('publishAll'),
  discardedAll: doneEvent('discardAll', { status: 'done', answer: DISCARDED_ALL } as MutationOutcome<BulkQuestResult>),
  discardAllCrashed: crashEvent('discardAll'),
};

const api = (path: string) => new RegExp(`/api/app/${QUEST_APP}/acquire/quests/${path}$`);
const oneCall = (path: string, name: string) =>
  outcome<ReviewUi>(
    { method: 'POST', url: api(`[^/]+/${path}`) },
    (event) => {
      if (isCrash(event)) return answers.crash;
      const output = outputOf<{ success: boolean; message?: string }>(event);
      return output.success ? answers.server : answers.refused(output.message);
    },
    (event) => `${name} ${isCrash(event) ? '500' : outputOf<{ success: boolean }>(event).success ? '✓' : 'refused'}`,
  );
/** The bulk calls: always routed (they touch the seeded quests). */
const bulkCall = (path: string, name: string) =>
  outcome<ReviewUi>(
    { method: 'POST', url: api(path) },
    (event) => {
      if (isCrash(event)) return answers.crash;
      const output = outputOf<BulkQuestResult | MutationOutcome<BulkQuestResult>>(event);
      return { status: 200, json: 'status' in output ? (output as { answer: BulkQuestResult }).answer : output };
    },
    (event) => {
      if (isCrash(event)) return `${name} 500`;
      const output = outputOf<BulkQuestResult | MutationOutcome<BulkQuestResult>>(event);
      const answer = 'status' in output ? (output as { answer: BulkQuestResult }).answer : output;
      return `${name} ${answer.failed.length === 0 ? 'all' : answer.succeeded.length ? 'some' : 'none'}`;
    },
  );

const reviewDialog = (ui: ReviewUi) => new Modal(ui.page, `Review edits: ${ui.name}`);
const discardAllDialog = (ui: ReviewUi) => new Modal(ui.page, 'Discard all changes?');
const bulkButton = (ui: ReviewUi, name: 'Publish all' | 'Discard all') =>
  ui.page.getByRole('button', { name, exact: true, includeHidden: true }).first();

/** The words a settled call leaves in a snackbar. */
function snackbarWords(via: EventObject): string | null {
  switch (via.type) {
    case 'xstate.done.actor.publishAll': {
      const answer = outputOf<BulkQuestResult>(via);
      if (answer.failed.length === 0) return answer.message!;
      return answer.succeeded.length ? answer.message! : ALL_PUBLISH_FAILED;
    }
    case 'xstate.error.actor.publishAll':
      return ALL_PUBLISH_FAILED;
    case 'xstate.done.actor.discardAll':
      return DISCARDED_ALL.message!;
    case 'xstate.error.actor.discardAll':
      return ALL_DISCARD_FAILED;
    default:
      return null;
  }
}

/** The Quests grid with this test's quest (the first load may take a while on a busy machine). */
async function openGrid(ui: { page: import('@playwright/test').Page; name: string }) {
  await ui.page.goto(questsPath);
  await expect(questRow(ui.page, ui.name)).toBeVisible({ timeout: 30_000 });
}

export const questReviewTable: FlowTable<ReviewUi> = {
  flow: 'quest-review',
  machine: questReviewMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const name = uniqueQuestName();
    const questId = await questByApi(page.request, token, name, 'live+draft');
    return { page, token, questId, name, shell: new Shell(page) };
  },
  async teardown(ui) {
    await removeQuestByApi(ui.page.request, ui.token, ui.questId);
  },
  traversals: [
    {
      // Review and close; publish refused (the server's reason) and crashed, discard refused and crashed: the dialog
      // stays with the words; then published: live, no changes left.
      name: 'one quest, published',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open: openGrid,
      events: [
        E.open,
        E.close,
        E.open,
        E.publish,
        E.publishRefused,
        E.publish,
        E.publishCrashed,
        E.discard,
        E.discardRefused,
        E.discard,
        E.discardCrashed,
        E.publish,
        E.published,
      ],
    },
    {
      name: 'one quest, discarded',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open: openGrid,
      events: [E.open, E.discard, E.discarded],
    },
    {
      // Publish all: all, some and none published, and a crash; Discard all asks (cancel), crashes, then discards.
      name: 'all quests',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open: openGrid,
      events: [
        E.publishAll,
        E.publishedAll,
        E.publishAll,
        E.publishedSome,
        E.publishAll,
        E.publishedNone,
        E.publishAll,
        E.publishAllCrashed,
        E.discardAll,
        E.cancel,
        E.discardAll,
        E.confirm,
        E.discardAllCrashed,
        E.discardAll,
        E.confirm,
        E.discardedAll,
      ],
    },
  ],
  events: {
    OPEN: { act: (ui) => questMenu(ui.page, ui.name, 'Review Edits') },
    CLOSE: { act: (ui) => reviewDialog(ui).root.getByRole('button', { name: 'Close', exact: true }).click() },
    PUBLISH: { act: (ui) => reviewDialog(ui).root.getByRole('button', { name: 'Publish', exact: true }).click() },
    DISCARD: { act: (ui) => reviewDialog(ui).root.getByRole('button', { name: 'Discard', exact: true }).click() },
    PUBLISH_ALL: { act: (ui) => bulkButton(ui, 'Publish all').click() },
    DISCARD_ALL: { act: (ui) => bulkButton(ui, 'Discard all').click() },
    CONFIRM: {
      act: (ui) => discardAllDialog(ui).root.getByRole('button', { name: 'Discard all', exact: true }).click(),
    },
    CANCEL: { act: (ui) => discardAllDialog(ui).root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.publishQuest': oneCall('publish', 'publish'),
    'xstate.error.actor.publishQuest': oneCall('publish', 'publish'),
    'xstate.done.actor.discardQuest': oneCall('discard', 'discard'),
    'xstate.error.actor.discardQuest': oneCall('discard', 'discard'),
    'xstate.done.actor.publishAll': bulkCall('publish-all', 'publish all'),
    'xstate.error.actor.publishAll': bulkCall('publish-all', 'publish all'),
    'xstate.done.actor.discardAll': bulkCall('discard-all', 'discard all'),
    'xstate.error.actor.discardAll': bulkCall('discard-all', 'discard all'),
  },
  states: {
    'questReview.closed': async (ui, _state, via) => {
      const words = snackbarWords(via);
      if (words) await expect(ui.shell.snackbar(words).last()).toBeVisible();
      await reviewDialog(ui).expectClosed();
      await discardAllDialog(ui).expectClosed();
      const row = questRow(ui.page, ui.name);
      // Published: the draft's payout is live and nothing is left to review; discarded: back to the published one.
      if (via.type === 'xstate.done.actor.publishQuest' || via.type === 'xstate.done.actor.discardQuest') {
        await expect(row).toContainText('Live');
        await questMenuHasNoReview(ui);
      } else await expect(row).toBeVisible();
      await expect(bulkButton(ui, 'Publish all')).toBeEnabled();
    },
    'questReview.open.reviewing': async (ui, state, via) => {
      const dialog = reviewDialog(ui);
      await dialog.expectOpen();
      // A crash's words are ours, literally.
      if (via.type === 'xstate.error.actor.publishQuest')
        await expect(dialog.root.getByRole('alert')).toHaveText(PUBLISH_FAILED);
      // The draft beside the published version: the step's payout changed.
      await expect(dialog.root.getByRole('row').filter({ hasText: '(changed)' }).first()).toBeVisible();
      const error = ctx(state).error;
      if (error) await expect(dialog.root.getByRole('alert')).toHaveText(error);
      else await expect(dialog.root.getByRole('alert')).toHaveCount(0);
      if (error === DISCARD_FAILED) await expect(ui.shell.snackbar(DISCARD_FAILED).last()).toBeVisible();
      await expect(dialog.root.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
    },
    'questReview.open.publishing': async (ui) => {
      const dialog = reviewDialog(ui);
      await expect(dialog.root.getByRole('button', { name: 'Publish', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(dialog.root.getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
    },
    'questReview.open.discarding': async (ui) => {
      const dialog = reviewDialog(ui);
      await expect(dialog.root.getByRole('button', { name: 'Discard', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(dialog.root.getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
    },
    'questReview.publishingAll': async (ui) => {
      await expect(bulkButton(ui, 'Publish all')).toHaveAttribute('aria-busy', 'true');
      await expect(bulkButton(ui, 'Discard all')).toBeDisabled();
    },
    'questReview.discardingAll.confirming': async (ui) => {
      const dialog = discardAllDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText(/^.*Discard the unpublished changes of \d+ quests?\?/);
      await expect(dialog.root.getByRole('button', { name: 'Discard all', exact: true })).toBeEnabled();
    },
    'questReview.discardingAll.running': async (ui) => {
      await expect(discardAllDialog(ui).root.getByRole('button', { name: 'Discard all', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  },
  timeout: 90_000,
};

async function questMenuHasNoReview(ui: ReviewUi) {
  await ui.page.getByRole('button', { name: `Options for ${ui.name}` }).click();
  await expect(ui.page.getByRole('menuitem', { name: 'Stop', exact: true })).toBeVisible();
  await expect(ui.page.getByRole('menuitem', { name: 'Review Edits', exact: true })).toHaveCount(0);
  await ui.page.keyboard.press('Escape');
}
