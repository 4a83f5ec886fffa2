/**
 * Paths of the adjust-update machine (src/machines/adjust-update; docs/postbacks.md §Screens and routes 'Update Partner Link' / 'Update Events
 * File', §Rules and limits "blocked on a validation error", §Messages the five Adjust messages, §Rules and limits 6000 / 10000 ms): every state reachable;
 * an invalid link or file cannot be saved; each docs/postbacks.md §Messages outcome; cancel.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adjustUpdateMachine } from '../../src/machines/adjust-update/adjust-update.machine';
import { selectUpdateDialog } from '../../src/machines/adjust-update/adjust-update.selectors';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const input = { appId: 'app-1' };
const csv = new File(['event_token,event_name\nabc123,Purchase\n'], 'next.csv', { type: 'text/csv' });
const xlsx = new File(['x'], 'next.xlsx');
const model = defineModel(adjustUpdateMachine, {
  OPEN_LINK: { type: 'OPEN_LINK', current: 'https://app.adjust.com/abc123x' },
  OPEN_FILE: { type: 'OPEN_FILE' },
  SET_LINK: [
    { type: 'SET_LINK', value: 'https://app.adjust.com/newlink1' },
    { type: 'SET_LINK', value: 'app.adjust' },
  ],
  SET_FILE: [
    { type: 'SET_FILE', file: csv },
    { type: 'SET_FILE', file: xlsx },
  ],
  SAVE: { type: 'SAVE' },
  CANCEL: { type: 'CANCEL' },
  CONFIRM: { type: 'CONFIRM' },
  'xstate.done.actor.updatePartnerLink': [
    done('updatePartnerLink', { success: true }),
    done('updatePartnerLink', { success: false }),
  ],
  'xstate.error.actor.updatePartnerLink': [
    failed('updatePartnerLink', apiError(404, 'Partner link not found.', 'partner_link_not_found')),
    failed('updatePartnerLink', serverCrash()),
  ],
  'xstate.done.actor.saveEventsFile': [
    done('saveEventsFile', { success: true }),
    done('saveEventsFile', {
      success: false,
      errors: ['line 2: event_token must be 6 or more lowercase letters or digits'],
    }),
    done('saveEventsFile', { success: false, removes: ['Level Up', 'Tutorial'] }),
  ],
  'xstate.error.actor.saveEventsFile': failed('saveEventsFile', serverCrash()),
  CHECK_STATUS: [
    { type: 'CHECK_STATUS', pluginId: 'p1', connected: false },
    { type: 'CHECK_STATUS', pluginId: 'p1', connected: true },
  ],
  'xstate.done.actor.checkStatus': done('checkStatus', {
    connected: true,
    eventsReceived: true,
    lastEventAt: 1_764_000_000_000,
  }),
  'xstate.error.actor.checkStatus': failed('checkStatus', new Error('check-status crashed')),
});
const ev = {
  openLink: fixture(model, 'OPEN_LINK'),
  openFile: fixture(model, 'OPEN_FILE'),
  link: fixture(model, 'SET_LINK', 0),
  badLink: fixture(model, 'SET_LINK', 1),
  file: fixture(model, 'SET_FILE', 0),
  badFile: fixture(model, 'SET_FILE', 1),
  save: fixture(model, 'SAVE'),
  cancel: fixture(model, 'CANCEL'),
  linkOk: fixture(model, 'xstate.done.actor.updatePartnerLink', 0),
  linkRefused: fixture(model, 'xstate.done.actor.updatePartnerLink', 1),
  linkNotFound: fixture(model, 'xstate.error.actor.updatePartnerLink', 0),
  linkCrash: fixture(model, 'xstate.error.actor.updatePartnerLink', 1),
  fileOk: fixture(model, 'xstate.done.actor.saveEventsFile', 0),
  fileRefused: fixture(model, 'xstate.done.actor.saveEventsFile', 1),
  fileRemoves: fixture(model, 'xstate.done.actor.saveEventsFile', 2),
  confirm: fixture(model, 'CONFIRM'),
  fileCrash: fixture(model, 'xstate.error.actor.saveEventsFile'),
  check: fixture(model, 'CHECK_STATUS', 0),
  checkConnected: fixture(model, 'CHECK_STATUS', 1),
  checked: fixture(model, 'xstate.done.actor.checkStatus'),
  checkCrash: fixture(model, 'xstate.error.actor.checkStatus'),
};
const spied = () =>
  spyActions(
    adjustUpdateMachine.provide({
      actors: {
        updatePartnerLink: pendingForever(),
        saveEventsFile: pendingForever(),
        checkStatus: pendingForever() as never,
      },
    }),
    ['notify', 'changed', 'logError'],
  );

/** The notices a path shows, replayed on a live actor. */
async function outcome(events: readonly { type: string }[]) {
  const path = pathOf(adjustUpdateMachine, events, input);
  const { machine, spies } = spied();
  const actor = await replay(machine, path, input);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return {
    snapshot,
    notices: spies.notify.mock.calls.map(([n]) => n),
    changed: spies.changed.mock.calls.length,
    logged: spies.logError.mock.calls.length,
  };
}
const error = (message: string) => ({ message, kind: 'error', duration: 'partnerError' });
const success = (message: string) => ({ message, kind: 'success', duration: 'partnerSuccess' });

describe('adjust-update machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(adjustUpdateMachine, shortestPaths(adjustUpdateMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('blocked on a validation error: a bad link, no file, a file that is not .csv', () => {
    const badLink = pathOf(adjustUpdateMachine, [ev.openLink, ev.badLink], input).state;
    expect(badLink.can(ev.save)).toBe(false);
    expect(selectUpdateDialog(badLink as never)).toMatchObject({
      title: 'Update Partner Link',
      error: 'must be a valid URL',
      canSave: false,
    });
    const noFile = pathOf(adjustUpdateMachine, [ev.openFile], input).state;
    expect(noFile.can(ev.save)).toBe(false);
    expect(selectUpdateDialog(noFile as never)).toMatchObject({
      title: 'Update Events File',
      error: null,
      canSave: false,
    });
    const badFile = pathOf(adjustUpdateMachine, [ev.openFile, ev.badFile], input).state;
    expect(selectUpdateDialog(badFile as never)).toMatchObject({
      error: 'Only .CSV file is accepted.',
      canSave: false,
    });
    expect(selectUpdateDialog(pathOf(adjustUpdateMachine, [ev.openLink], input).state as never)).toMatchObject({
      partnerLink: 'https://app.adjust.com/abc123x',
      canSave: true,
    });
  });

  it('partner link: updated, refused, not found, crashed (docs/postbacks.md §Messages)', async () => {
    let result = await outcome([ev.openLink, ev.link, ev.save, ev.linkOk]);
    expect(result.snapshot.matches('closed')).toBe(true);
    expect(result.notices).toEqual([success('Partner link updated successfully!')]);
    expect(result.changed).toBe(1);
    result = await outcome([ev.openLink, ev.link, ev.save, ev.linkRefused]);
    expect(result.snapshot.matches({ link: 'editing' })).toBe(true);
    expect(result.notices).toEqual([error('Failed to update partner link!')]);
    result = await outcome([ev.openLink, ev.save, ev.linkNotFound]);
    expect(result.snapshot.matches('closed')).toBe(true);
    expect(result.notices).toEqual([error("Partner link not found! Can't update!")]);
    result = await outcome([ev.openLink, ev.save, ev.linkCrash]);
    expect(result.snapshot.matches({ link: 'editing' })).toBe(true);
    expect(result.notices).toEqual([error('Failed to update partner link!')]);
    expect(result.logged).toBe(1);
  });

  it('events file: saved, refused with its lines (kept in the dialog), crashed (docs/postbacks.md §Messages)', async () => {
    let result = await outcome([ev.openFile, ev.file, ev.save, ev.fileOk]);
    expect(result.snapshot.matches('closed')).toBe(true);
    expect(result.notices).toEqual([success('Events file saved successfully!')]);
    result = await outcome([ev.openFile, ev.file, ev.save, ev.fileRefused]);
    expect(result.snapshot.matches({ file: 'editing' })).toBe(true);
    expect(result.notices).toEqual([error('Failed to save events file!')]);
    expect(selectUpdateDialog(result.snapshot as never).serverErrors).toEqual([
      'line 2: event_token must be 6 or more lowercase letters or digits',
    ]);
    result = await outcome([ev.openFile, ev.file, ev.save, ev.fileCrash]);
    expect(result.snapshot.matches({ file: 'editing' })).toBe(true);
    expect(result.notices).toEqual([error('Failed to save events file!')]);
    expect(result.logged).toBe(1);
  });

  it('a file that removes events: nothing saved, the events listed to confirm; confirmed, saved with the removal; Back edits again', async () => {
    const asking = pathOf(adjustUpdateMachine, [ev.openFile, ev.file, ev.save, ev.fileRemoves], input).state;
    expect(asking.matches({ file: 'confirming' })).toBe(true);
    expect(selectUpdateDialog(asking as never)).toMatchObject({
      title: 'Remove Events?',
      removes: ['Level Up', 'Tutorial'],
      saving: false,
    });
    const confirmed = pathOf(
      adjustUpdateMachine,
      [ev.openFile, ev.file, ev.save, ev.fileRemoves, ev.confirm],
      input,
    ).state;
    expect(confirmed.matches({ file: 'saving' })).toBe(true);
    expect(confirmed.context.removeConfirmed).toBe(true);
    expect(selectUpdateDialog(confirmed as never)).toMatchObject({
      title: 'Remove Events?',
      removes: ['Level Up', 'Tutorial'],
      saving: true,
    });
    // The save call of a confirmed removal says so; the first call did not.
    const calls: boolean[] = [];
    const machine = adjustUpdateMachine.provide({
      actors: {
        saveEventsFile: fromPromise(
          async ({ input: call }) => (
            calls.push(call.removeEvents),
            calls.length === 1 ? { success: false, removes: ['Level Up'] } : { success: true }
          ),
        ),
      },
    });
    const actor = createActor(machine, { input }).start();
    for (const event of [ev.openFile, ev.file, ev.save]) actor.send(event as never);
    await waitFor(actor, (s) => s.matches({ file: 'confirming' }));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual([false, true]);
    actor.stop();
    const back = pathOf(adjustUpdateMachine, [ev.openFile, ev.file, ev.save, ev.fileRemoves, ev.cancel], input).state;
    expect(back.matches({ file: 'editing' })).toBe(true);
    expect(selectUpdateDialog(back as never)).toMatchObject({ title: 'Update Events File', removes: [] });
    const result = await outcome([ev.openFile, ev.file, ev.save, ev.fileRemoves]);
    expect(result.notices).toEqual([]);
  });

  it('cancel closes either dialog without a call; a new file clears the refused lines', async () => {
    expect(pathOf(adjustUpdateMachine, [ev.openLink, ev.link, ev.cancel], input).state.matches('closed')).toBe(true);
    expect(pathOf(adjustUpdateMachine, [ev.openFile, ev.cancel], input).state.matches('closed')).toBe(true);
    const again = pathOf(adjustUpdateMachine, [ev.openFile, ev.file, ev.save, ev.fileRefused, ev.file], input).state;
    expect(again.context.errors).toEqual([]);
  });

  it('Check Status: the shared check-status child gets the plugin and whether it is connected; a crash says so (6 s)', async () => {
    const checking = pathOf(adjustUpdateMachine, [ev.checkConnected], input).state;
    expect(checking.matches('checking')).toBe(true);
    expect(checking.context.check).toEqual({ pluginId: 'p1', connected: true });
    expect(pathOf(adjustUpdateMachine, [ev.check, ev.checked], input).state.matches('closed')).toBe(true);
    const result = await outcome([ev.check, ev.checkCrash]);
    expect(result.snapshot.matches('closed')).toBe(true);
    expect(result.notices).toEqual([error("Can't check status of Adjust plugin!")]);
    expect(result.logged).toBe(1);
  });
});
