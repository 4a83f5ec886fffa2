/**
 * Deleting a saved report (src/machines/delete-report, src/views/analyze/DeleteReportDialog.tsx; docs/analyze.md
 * §Screens and routes 'Delete Report', §Messages): each event → what the editor does, on the reports list (the
 * actor waits for a DELETE per row) or in the report builder (one round for its report), each state → the dialog,
 * the list row and the words.
 *
 * Data: every test saves its own report through the API (a unique title) and deletes it at its end if a path did
 * not. The delete's refusal and crash are routed; its success is the real server's.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  deleteReportMachine,
  type DeleteReportContext,
} from '../../../src/machines/delete-report/delete-report.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { savedTemplate } from '../../fixtures/analyze';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath, unique } from '../pages/demo';
import { ANALYZE_APP } from '../pages/report-builder.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

const DELETED = 'Report deleted successfully.';
const FAILED = 'We had a problem deleting the report. Please try again later.';
const app = ANALYZE_APP.id;
const REPORT = { id: 'report', title: 'Path report' };

interface DeleteUi extends Ui {
  shell: Shell;
  dialog: Modal;
  token: string;
  reportId: string;
  title: string;
}

const ctx = (state: AnyMachineSnapshot) => state.context as DeleteReportContext;
const outputOf = (event: EventObject) => (event as EventObject & { output: MutationOutcome }).output;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const done = (outcome: MutationOutcome) => doneEvent('deleteTemplate', outcome);

const E = {
  remove: { type: 'DELETE', report: REPORT },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  deleted: done({ status: 'done', answer: { success: true } } as MutationOutcome),
  refused: done({ status: 'failed', answer: { success: false }, error: null } as MutationOutcome),
  crashed: crashEvent('deleteTemplate'),
};

const deleteCall = outcome<DeleteUi>(
  { method: 'DELETE', url: new RegExp(`/analytics/template/${app}/[^/]+$`) },
  (event) => (isCrash(event) ? answers.crash : outputOf(event).status === 'done' ? answers.server : answers.refused()),
  (event) => (isCrash(event) ? 'delete 500' : outputOf(event).status === 'done' ? 'delete ✓' : 'delete refused'),
);

const row = (ui: DeleteUi) => ui.page.getByRole('row').filter({ hasText: ui.title });
const deleteButton = (ui: DeleteUi) => ui.dialog.root.getByRole('button', { name: 'Delete', exact: true });

export const deleteReportTable: FlowTable<DeleteUi> = {
  flow: 'delete-report',
  machine: deleteReportMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).deleted]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.editor);
    const title = unique('Path report');
    const report = {
      ...savedTemplate.template.report,
      configuration: { ...savedTemplate.template.report.configuration, date_range: [] },
    };
    const res = await page.request.post(`/analytics/template/${app}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { report, saveTemplate: true, id: null, title },
    });
    expect(res.status(), 'saving the report a path deletes').toBe(200);
    const reportId = ((await res.json()) as { template: { id: string } }).template.id;
    return { page, token, reportId, title, shell: new Shell(page), dialog: new Modal(page, 'Delete Report') };
  },
  async teardown(ui) {
    const res = await ui.page.request.delete(`/analytics/template/${app}/${ui.reportId}`, {
      headers: { authorization: `Bearer ${ui.token}` },
    });
    expect([200, 404], 'the report this test saved is gone').toContain(res.status());
  },
  traversals: [
    {
      // The reports list: asking sends nothing, cancel keeps the report; refused and crashed keep it with the
      // words; then it goes.
      name: 'reports list',
      kind: 'journey',
      input: { appId: app },
      open: async (ui) => {
        await ui.page.goto(appPath(app, 'analyze/list'));
        await expect(row(ui)).toBeVisible({ timeout: 30_000 });
      },
      events: [
        E.remove,
        E.cancel,
        E.remove,
        E.confirm,
        E.refused,
        E.remove,
        E.confirm,
        E.crashed,
        E.remove,
        E.confirm,
        E.deleted,
      ],
    },
    {
      // The report builder's one round: Delete in the builder asks; deleted, a blank report starts.
      name: 'report builder',
      kind: 'journey',
      input: { appId: app, report: REPORT },
      open: async (ui) => {
        await ui.page.goto(appPath(app, `analyze/report/${ui.reportId}`));
        await expect(ui.page.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled({ timeout: 30_000 });
        await ui.page.getByRole('button', { name: 'Delete', exact: true }).click();
      },
      events: [E.confirm, E.deleted],
    },
  ],
  events: {
    DELETE: {
      act: (ui) => ui.page.getByRole('button', { name: `Delete ${ui.title}`, exact: true }).click(),
    },
    CONFIRM: { act: (ui) => deleteButton(ui).click() },
    CANCEL: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.deleteTemplate': deleteCall,
    'xstate.error.actor.deleteTemplate': deleteCall,
  },
  states: {
    'deleteReport.start': TRANSIENT,
    'deleteReport.settled': TRANSIENT,
    'deleteReport.idle': async (ui, _state, via) => {
      const gone = via.type === 'xstate.done.actor.deleteTemplate' && outputOf(via).status === 'done';
      if (gone) await expect(ui.shell.snackbar(DELETED)).toBeVisible();
      else if (/^xstate\.(done|error)\./.test(via.type)) await expect(ui.shell.snackbar(FAILED).last()).toBeVisible();
      await ui.dialog.expectClosed();
      if (gone) await expect(row(ui)).toHaveCount(0);
      else await expect(row(ui)).toBeVisible();
    },
    'deleteReport.asking.confirming': async (ui) => {
      await ui.dialog.expectOpen();
      await expect(ui.dialog.root).toContainText(`Are you sure you want to delete the report ${ui.title}?`);
      await expect(deleteButton(ui)).toBeEnabled();
    },
    'deleteReport.asking.deleting': async (ui) => {
      await expect(deleteButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
    'deleteReport.finished': async (ui) => {
      await expect(ui.shell.snackbar(DELETED)).toBeVisible();
      await ui.dialog.expectClosed();
      await expect(ui.page).not.toHaveURL(new RegExp(`/analyze/report/${ui.reportId}$`));
      await expect(ui.page.getByRole('heading', { name: ui.title })).toHaveCount(0);
    },
  },
  timeout: 60_000,
};
