/**
 * Paths of the delete-report machine (src/machines/delete-report/delete-report.machine.ts; SPEC §2 'Delete Report'
 * confirm, §7 DELETE /template/{appId}/{reportId}, §8 'Report deleted successfully.' / 'We had a problem deleting the
 * report. Please try again later.'): every state node reachable; confirm → deleted; confirm → server error (refused
 * or thrown) → back to idle with the error message, then a retry that deletes or a cancel that deletes nothing;
 * cancel before confirming.
 *
 * The machine has no failed state of its own: after an error it is idle again (the dialog closes, the report stays in
 * the list), so "retry" is asking to delete the same report again.
 */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { deleteReportMachine, type DeleteReportEvent } from '../../src/machines/delete-report/delete-report.machine';
import { deleted, notDeleted, templateList } from '../fixtures/analyze';
import { apiError, done, eventTypes, failed, pathOf, pendingForever, reachedStateNodeIds, replay, shortestPaths, shortestPathTo, stateNodeIds } from './graph-harness';

const REPORT_DELETED = 'Report deleted successfully.';
const DELETE_FAILED = 'We had a problem deleting the report. Please try again later.';

const input = { appId: 'app-puzzle' };
const report = Object.values(templateList.templates[1]!)[0]!; // rep-2 'Newer'

const ev = {
  delete: { type: 'DELETE', report },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
} satisfies Record<string, DeleteReportEvent>;

const serverDown = apiError(503, 'The analytics engine is not available.');
const outcomes = {
  deleted: done('deleteReport', deleted),
  refused: done('deleteReport', notDeleted),
  thrown: failed('deleteReport', serverDown),
};
const allEvents: EventObject[] = [...Object.values(ev), ...Object.values(outcomes)];

const model = deleteReportMachine.provide({ actors: { deleteReport: pendingForever() } });

/** The model with spied actions and a deleteReport actor that records its input and never settles. */
function spied() {
  const spies = { notify: vi.fn(), deleted: vi.fn(), logError: vi.fn(), request: vi.fn() };
  const live = deleteReportMachine.provide({
    actors: {
      deleteReport: fromPromise<{ success: boolean }, { appId: string; reportId: string }>(({ input: request }) => {
        spies.request(request);
        return new Promise(() => {});
      }),
    },
    actions: {
      notify: (_, params) => spies.notify(params),
      deleted: (_, params) => spies.deleted(params),
      logError: (_, params) => spies.logError(params),
    },
  });
  return { spies, live };
}

describe('delete-report machine paths', () => {
  it('reaches every state node', () => {
    const reached = reachedStateNodeIds(shortestPaths(model, allEvents, { input }));
    expect(stateNodeIds(deleteReportMachine).filter((id) => !reached.has(id))).toEqual([]);
    expect(stateNodeIds(deleteReportMachine).sort()).toEqual(['deleteReport.confirming', 'deleteReport.deleting', 'deleteReport.idle']);
  });

  it('starts idle with no report pending', () => {
    const path = pathOf(model, [], input);
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.context).toEqual({ appId: 'app-puzzle', report: null });
  });

  it('confirm → deleted: asks for the report, deletes it, says so and hands the id over', async () => {
    const path = pathOf(model, [ev.delete, ev.confirm, outcomes.deleted], input);
    expect(path.steps[1]!.state.matches('confirming')).toBe(true);
    expect(path.steps[1]!.state.context.report).toEqual({ id: 'rep-2', title: 'Newer', updated_at: '2025-06-01T10:00:00.000Z' });
    expect(path.steps[2]!.state.matches('deleting')).toBe(true);
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.context).toEqual({ appId: 'app-puzzle', report: null });

    const { spies, live } = spied();
    const actor = await replay(live, path, input);
    expect(spies.notify).toHaveBeenCalledTimes(1);
    expect(spies.notify).toHaveBeenCalledWith({ message: REPORT_DELETED, kind: 'success' });
    expect(spies.deleted).toHaveBeenCalledTimes(1);
    expect(spies.deleted).toHaveBeenCalledWith({ id: 'rep-2' });
    expect(spies.logError).not.toHaveBeenCalled();
    actor.stop();
  });

  it('the delete call gets the app id and the report id, under its invoke id', async () => {
    const path = pathOf(model, [ev.delete, ev.confirm], input);
    expect(path.state.matches('deleting')).toBe(true);
    const { spies, live } = spied();
    const actor = await replay(live, path, input);
    expect(spies.request.mock.calls).toEqual([[{ appId: 'app-puzzle', reportId: 'rep-2' }]]);
    expect(actor.getSnapshot().children.deleteReport).toBeDefined();
    actor.stop();
  });

  it('the shortest way to a running delete is DELETE, CONFIRM', () => {
    const path = shortestPathTo(model, allEvents, { input, toState: (s) => s.matches('deleting') });
    expect(eventTypes(path)).toEqual(['DELETE', 'CONFIRM']);
  });

  it('cancel before confirming: back to idle, nothing deleted, nothing said', async () => {
    const path = pathOf(model, [ev.delete, ev.cancel], input);
    expect(path.state.matches('idle')).toBe(true);
    expect(path.state.context.report).toBeNull();
    expect(path.state.can(ev.confirm)).toBe(false);

    const { spies, live } = spied();
    (await replay(live, path, input)).stop();
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.deleted).not.toHaveBeenCalled();
  });

  it('CONFIRM and CANCEL mean nothing while idle; nothing but the answer moves a running delete', () => {
    const idle = pathOf(model, [], input).state;
    expect(idle.can(ev.confirm)).toBe(false);
    expect(idle.can(ev.cancel)).toBe(false);
    const deleting = pathOf(model, [ev.delete, ev.confirm], input).state;
    expect(deleting.can(ev.cancel)).toBe(false);
    expect(deleting.can(ev.confirm)).toBe(false);
    expect(deleting.can(ev.delete)).toBe(false);
  });

  for (const [name, outcome, logged] of [
    ['refused (success: false)', outcomes.refused, false],
    ['thrown', outcomes.thrown, true],
  ] as const) {
    it(`confirm → server error ${name} → retry deletes it`, async () => {
      const path = pathOf(model, [ev.delete, ev.confirm, outcome, ev.delete, ev.confirm, outcomes.deleted], input);
      const afterError = path.steps[3]!.state;
      expect(afterError.matches('idle')).toBe(true);
      expect(afterError.context.report).toBeNull();
      expect(path.steps[4]!.state.matches('confirming')).toBe(true);
      expect(path.steps[4]!.state.context.report?.id).toBe('rep-2');
      expect(path.state.matches('idle')).toBe(true);

      const { spies, live } = spied();
      (await replay(live, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: DELETE_FAILED, kind: 'error' }], [{ message: REPORT_DELETED, kind: 'success' }]]);
      expect(spies.deleted.mock.calls).toEqual([[{ id: 'rep-2' }]]);
      if (logged) expect(spies.logError).toHaveBeenCalledWith({ error: serverDown });
      else expect(spies.logError).not.toHaveBeenCalled();
    });

    it(`confirm → server error ${name} → cancel deletes nothing`, async () => {
      const path = pathOf(model, [ev.delete, ev.confirm, outcome, ev.delete, ev.cancel], input);
      expect(path.state.matches('idle')).toBe(true);
      expect(path.state.context.report).toBeNull();

      const { spies, live } = spied();
      (await replay(live, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: DELETE_FAILED, kind: 'error' }]]);
      expect(spies.deleted).not.toHaveBeenCalled();
    });
  }
});
