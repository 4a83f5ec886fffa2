/**
 * The model-test cases every saved question's builder shares (docs/analyze.md §Saved questions; the lifecycle in
 * src/machines/shared/saved-question.ts): a saved one opens with its title and question and runs it, a failed open →
 * retry; the first save moves to the new URL and says so; a title too long is not sent and a failed save says so; a
 * viewer neither saves nor deletes; deleting asks first, cancel keeps it, a failure says so in the dialog.
 * Each builder's test calls `savedQuestionCases` inside its describe with its fixtures.
 */
import { expect, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { live, pathOf } from './graph-harness';

export interface SavedQuestionCase {
  machine: AnyStateMachine;
  /** The machine with actors that never settle (for `live`). */
  pending: AnyStateMachine;
  /** 'cohortId'. */
  idKey: string;
  newInput: Record<string, unknown>;
  savedInput: Record<string, unknown>;
  /** The events that make a new question whole and answered. */
  whole: readonly EventObject[];
  saved: { title: string; question: unknown };
  /** The id the save fixture answers. */
  newId: string;
  words: { OPEN_FAILED: string; SAVE_FAILED: string; DELETE_FAILED: string; NOT_FOUND: string };
  /** The notices, verbatim. */
  notices: { saved: string; deleted: string };
  ev: Record<
    | 'opened'
    | 'openMissing'
    | 'openCrash'
    | 'retry'
    | 'answered'
    | 'title'
    | 'longTitle'
    | 'save'
    | 'savedOk'
    | 'saveCrash'
    | 'del'
    | 'confirm'
    | 'cancel'
    | 'removed'
    | 'removeCrash',
    EventObject
  >;
}

export function savedQuestionCases(c: SavedQuestionCase) {
  const { machine, ev, newInput, savedInput, whole } = c;
  const viewerNew = { ...newInput, canSave: false };
  const viewerSaved = { ...savedInput, canSave: false };

  it('a saved one opens with its title and question, then runs it; a failed open → retry', () => {
    const path = pathOf(machine, [ev.opened], savedInput);
    expect(path.state.matches('running')).toBe(true);
    expect(path.state.context.title).toBe(c.saved.title);
    expect(path.state.context.question).toEqual(c.saved.question);
    const missing = pathOf(machine, [ev.openMissing], savedInput);
    expect(missing.state.matches('openFailed')).toBe(true);
    expect(missing.state.context.error).toBe(c.words.NOT_FOUND);
    const crashed = pathOf(machine, [ev.openCrash, ev.retry, ev.opened], savedInput);
    expect(crashed.steps[1]!.state.context.error).toBe(c.words.OPEN_FAILED);
    expect(crashed.state.matches('running')).toBe(true);
  });

  it('saving: the first save tells the page to move to the new URL, says so, and keeps the id', () => {
    const { send, spies, notices } = live(c.pending, { input: newInput, spies: ['saved', 'notify'] });
    send(...whole, ev.title, ev.save);
    const after = send(ev.savedOk);
    expect(after.matches('ready')).toBe(true);
    expect((after.context as Record<string, unknown>)[c.idKey]).toBe(c.newId);
    expect(spies.saved).toHaveBeenCalledWith({ id: c.newId, first: true });
    expect(notices()).toEqual([c.notices.saved]);
  });

  it('a title over 75 characters is not sent; a failed save says so beside Save', () => {
    const long = pathOf(machine, [...whole, ev.longTitle, ev.save], newInput);
    expect(long.state.matches('ready')).toBe(true);
    expect(long.state.context.saveError).toBe('The title must be at most 75 characters.');
    const crash = pathOf(machine, [...whole, ev.save, ev.saveCrash], newInput);
    expect(crash.state.matches('ready')).toBe(true);
    expect(crash.state.context.saveError).toBe(c.words.SAVE_FAILED);
  });

  it('a viewer runs and looks, but does not save or delete', () => {
    expect(pathOf(machine, whole, viewerNew).state.can(ev.save)).toBe(false);
    expect(pathOf(machine, [ev.opened, ev.answered], viewerSaved).state.can(ev.del)).toBe(false);
  });

  it('deleting a saved one asks first; cancel keeps it, a failure says so in the dialog, done goes back', () => {
    expect(pathOf(machine, whole, newInput).state.can(ev.del)).toBe(false);
    const cancelled = pathOf(machine, [ev.opened, ev.answered, ev.del, ev.cancel], savedInput);
    expect(cancelled.steps[3]!.state.matches('confirmingDelete')).toBe(true);
    expect(cancelled.state.matches('ready')).toBe(true);
    const crashed = pathOf(machine, [ev.opened, ev.answered, ev.del, ev.confirm, ev.removeCrash], savedInput);
    expect(crashed.state.matches('confirmingDelete')).toBe(true);
    expect(crashed.state.context.saveError).toBe(c.words.DELETE_FAILED);

    const { send, spies, notices } = live(c.pending, { input: savedInput, spies: ['deleted', 'notify'] });
    send(ev.opened, ev.answered, ev.del, ev.confirm);
    const end = send(ev.removed);
    expect(end.status).toBe('done');
    expect(spies.deleted).toHaveBeenCalledTimes(1);
    expect(notices()).toEqual([c.notices.deleted]);
  });
}
