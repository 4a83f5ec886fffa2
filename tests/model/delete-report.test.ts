/**
 * Paths of the delete-report machine (src/machines/delete-report/delete-report.machine.ts; docs/analyze.md §Screens and routes 'Delete Report'
 * confirm, §API endpoints DELETE /template/{appId}/{reportId}, §Messages 'Report deleted successfully.' / 'We had a problem deleting the
 * report. Please try again later.'): every state node reachable in both of its uses — the reports list's actor
 * (idle → a round per DELETE) and the report builder's child (one round for its report, then done with
 * `{ deleted }`); confirm → deleted; confirm → refused or thrown → the SPEC message, then a retry or a cancel;
 * cancel before confirming. The delete call is the shared confirm → mutate child (invoke id `deleteTemplate`).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { deleteReportMachine } from '../../src/machines/delete-report/delete-report.machine';
import { selectDeleteDialog } from '../../src/machines/delete-report/delete-report.selectors';
import { mutation } from '../../src/machines/shared/confirm-mutation.machine';
import type { DeleteTemplateResponse } from '../../src/contracts/analyze';
import { deleted, notDeleted, templateList } from '../fixtures/analyze';
import {
  apiError,
  defineModel,
  eventTypes,
  fixture,
  live,
  pathOf,
  pendingMutation,
  replay,
  serverCrash,
  shortestPaths,
  shortestPathTo,
  spyActions,
  stateNodeIds,
  unreachedStateNodeIds,
} from './graph-harness';
import { answered, calls, threw } from './fixtures';

const REPORT_DELETED = 'Report deleted successfully.';
const DELETE_FAILED = 'We had a problem deleting the report. Please try again later.';

const listInput = { appId: 'app-puzzle' };
const report = Object.values(templateList.templates[1]!)[0]!; // rep-2 'Newer'
const builderInput = { appId: 'app-puzzle', report: { id: 'rep-2', title: 'Newer' } };

const serverDown = apiError(503, 'The analytics engine is not available.');
const outcome = {
  deleted: answered<DeleteTemplateResponse>(deleted),
  refused: answered<DeleteTemplateResponse>(notDeleted),
  thrown: threw<DeleteTemplateResponse>(serverDown),
};
const deleteTemplate = calls('deleteTemplate');

const model = defineModel(deleteReportMachine, {
  DELETE: { type: 'DELETE', report },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.deleteTemplate': [
    deleteTemplate.done(outcome.deleted),
    deleteTemplate.done(outcome.refused),
    deleteTemplate.done(outcome.thrown),
  ],
  'xstate.error.actor.deleteTemplate': deleteTemplate.threw(new Error('the child broke')),
});
const ev = {
  delete: fixture(model, 'DELETE'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  deleted: fixture(model, 'xstate.done.actor.deleteTemplate', 0),
  refused: fixture(model, 'xstate.done.actor.deleteTemplate', 1),
  thrown: fixture(model, 'xstate.done.actor.deleteTemplate', 2),
  childBroke: fixture(model, 'xstate.error.actor.deleteTemplate'),
};

const pending = deleteReportMachine.provide({ actors: { deleteTemplate: pendingMutation() } });
const spied = () => spyActions(pending, ['notify', 'deleted', 'logError']);
const transient = ['deleteReport.start', 'deleteReport.settled'];

describe('delete-report machine paths', () => {
  it('reaches every state node: the list waits in idle, the builder child finishes', () => {
    const paths = [
      ...shortestPaths(deleteReportMachine, model.events, { input: listInput }),
      ...shortestPaths(deleteReportMachine, model.events, { input: builderInput }),
    ];
    expect(unreachedStateNodeIds(deleteReportMachine, paths, transient)).toEqual([]);
    expect(stateNodeIds(deleteReportMachine).sort()).toEqual([
      'deleteReport.asking',
      'deleteReport.asking.confirming',
      'deleteReport.asking.deleting',
      'deleteReport.finished',
      'deleteReport.idle',
      'deleteReport.settled',
      'deleteReport.start',
    ]);
  });

  it('the list starts idle with no report pending and no dialog', () => {
    const state = pathOf(deleteReportMachine, [], listInput).state;
    expect(state.matches('idle')).toBe(true);
    expect(state.context.report).toBeNull();
    expect(selectDeleteDialog(state).open).toBe(false);
  });

  it('confirm → deleted: asks about the report, deletes it, says so and hands the id over', async () => {
    const path = pathOf(deleteReportMachine, [ev.delete, ev.confirm, ev.deleted], listInput);
    const asking = path.steps[1]!.state;
    expect(asking.matches({ asking: 'confirming' })).toBe(true);
    expect(selectDeleteDialog(asking)).toEqual({
      open: true,
      busy: false,
      title: 'Delete Report',
      message: 'Are you sure you want to delete the report Newer?',
    });
    expect(selectDeleteDialog(path.steps[2]!.state)).toMatchObject({ open: true, busy: true });
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.context.report).toBeNull();

    const { machine, spies } = spied();
    const actor = await replay(machine, path, listInput);
    expect(spies.notify.mock.calls).toEqual([[{ message: REPORT_DELETED, kind: 'success' }]]);
    expect(spies.deleted.mock.calls).toEqual([[{ appId: 'app-puzzle', id: 'rep-2' }]]);
    expect(spies.logError).not.toHaveBeenCalled();
    actor.stop();
  });

  it('the shortest way to a running delete is DELETE, CONFIRM; nothing the child says counts before CONFIRM', () => {
    const path = shortestPathTo(deleteReportMachine, model.events, {
      input: listInput,
      toState: (s) => s.matches({ asking: 'deleting' }),
    });
    expect(eventTypes(path)).toEqual(['DELETE', 'CONFIRM']);
    const confirming = pathOf(deleteReportMachine, [ev.delete], listInput).state;
    for (const event of [ev.deleted, ev.refused, ev.thrown]) expect(confirming.can(event)).toBe(false);
  });

  it('CONFIRM reaches the child, which calls with the app and report ids', async () => {
    const call = vi.fn(
      (_request: { appId: string; reportId: string }, _signal: AbortSignal) =>
        new Promise<DeleteTemplateResponse>(() => {}),
    );
    const actor = createActor(deleteReportMachine.provide({ actors: { deleteTemplate: mutation(call) } }), {
      input: listInput,
    }).start();
    actor.send(ev.delete as never);
    expect(actor.getSnapshot().children.deleteTemplate?.getSnapshot().value).toBe('confirming');
    expect(call).not.toHaveBeenCalled();
    actor.send(ev.confirm as never);
    expect(actor.getSnapshot().children.deleteTemplate?.getSnapshot().value).toBe('mutating');
    expect(call.mock.calls[0]![0]).toEqual({ appId: 'app-puzzle', reportId: 'rep-2' });
    expect(call.mock.calls[0]![1]).toBeInstanceOf(AbortSignal);
    actor.stop();
  });

  it('cancel before confirming: back to idle, nothing deleted, nothing said', async () => {
    const path = pathOf(deleteReportMachine, [ev.delete, ev.cancel], listInput);
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.context.report).toBeNull();
    expect(path.state.can(ev.confirm)).toBe(false);
    const { machine, spies } = spied();
    (await replay(machine, path, listInput)).stop();
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.deleted).not.toHaveBeenCalled();
  });

  it('CONFIRM and CANCEL mean nothing while idle; nothing but the answer moves a running delete', () => {
    const idle = pathOf(deleteReportMachine, [], listInput).state;
    expect(idle.can(ev.confirm)).toBe(false);
    expect(idle.can(ev.cancel)).toBe(false);
    const deleting = pathOf(deleteReportMachine, [ev.delete, ev.confirm], listInput).state;
    expect(deleting.can(ev.cancel)).toBe(false);
    expect(deleting.can(ev.confirm)).toBe(false);
    expect(deleting.can(ev.delete)).toBe(false);
  });

  for (const [name, answer, logged] of [
    ['refused (success: false)', () => ev.refused, false],
    ['thrown', () => ev.thrown, true],
  ] as const) {
    it(`confirm → server error ${name} → retry deletes it`, async () => {
      const path = pathOf(
        deleteReportMachine,
        [ev.delete, ev.confirm, answer(), ev.delete, ev.confirm, ev.deleted],
        listInput,
      );
      expect(path.steps[3]!.state.matches('idle')).toBe(true);
      expect(path.steps[4]!.state.context.report?.id).toBe('rep-2');
      expect(path.state.matches('idle')).toBe(true);

      const { machine, spies } = spied();
      (await replay(machine, path, listInput)).stop();
      expect(spies.notify.mock.calls).toEqual([
        [{ message: DELETE_FAILED, kind: 'error' }],
        [{ message: REPORT_DELETED, kind: 'success' }],
      ]);
      expect(spies.deleted.mock.calls).toEqual([[{ appId: 'app-puzzle', id: 'rep-2' }]]);
      if (logged) expect(spies.logError).toHaveBeenCalledWith({ error: serverDown });
      else expect(spies.logError).not.toHaveBeenCalled();
    });

    it(`confirm → server error ${name} → cancel deletes nothing`, async () => {
      const path = pathOf(deleteReportMachine, [ev.delete, ev.confirm, answer(), ev.delete, ev.cancel], listInput);
      expect(path.state.matches('idle')).toBe(true);
      const { machine, spies } = spied();
      (await replay(machine, path, listInput)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: DELETE_FAILED, kind: 'error' }]]);
      expect(spies.deleted).not.toHaveBeenCalled();
    });
  }

  it('a child that breaks is a failure too', () => {
    const path = pathOf(deleteReportMachine, [ev.delete, ev.childBroke], listInput);
    expect(path.state.matches('idle')).toBe(true);
  });

  describe("the report builder's round", () => {
    it('asks at once about its report and finishes deleted', () => {
      const start = pathOf(deleteReportMachine, [], builderInput).state;
      expect(start.matches({ asking: 'confirming' })).toBe(true);
      expect(selectDeleteDialog(start).message).toBe('Are you sure you want to delete the report Newer?');
      const path = pathOf(deleteReportMachine, [ev.confirm, ev.deleted], builderInput);
      expect(path.state.status).toBe('done');
      expect(path.state.output).toEqual({ deleted: true });
    });

    it('finishes not deleted when cancelled or failed', () => {
      expect(pathOf(deleteReportMachine, [ev.cancel], builderInput).state.output).toEqual({ deleted: false });
      expect(pathOf(deleteReportMachine, [ev.confirm, ev.refused], builderInput).state.output).toEqual({
        deleted: false,
      });
      expect(pathOf(deleteReportMachine, [ev.confirm, ev.thrown], builderInput).state.output).toEqual({
        deleted: false,
      });
    });
  });

  it("a 500 from the server says SPEC's words, not the server's", async () => {
    const { machine, spies } = spyActions(
      deleteReportMachine.provide({ actors: { deleteTemplate: mutation(async () => Promise.reject(serverCrash())) } }),
      ['notify', 'deleted', 'logError'],
    );
    const { actor, send } = live(machine, { input: listInput });
    send(ev.delete, ev.confirm);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(spies.notify.mock.calls).toEqual([[{ message: DELETE_FAILED, kind: 'error' }]]);
    expect(spies.deleted).not.toHaveBeenCalled();
    actor.stop();
  });
});
