/**
 * Paths of the ask-analyze machine (src/machines/ask-analyze/ask-analyze.machine.ts): every state reachable; the
 * journeys question → understanding → understood → confirmed (the builder opened with the changed report), a question
 * with no metric → a suggestion taken → run, the last metric removed, and each failure (Analyze not enabled in the
 * server's words, a crash in ours, the network) → retry.
 */
import { describe, expect, it } from 'vitest';
import { askAnalyzeMachine, ASK_FAILED } from '../../src/machines/ask-analyze/ask-analyze.machine';
import type { Report } from '../../src/contracts/analyze';
import { report, understood, whales } from '../fixtures/ask';
import {
  apiError,
  defineModel,
  done,
  eventTypes,
  failed,
  fixture,
  live,
  pathOf,
  pendingForever,
  serverCrash,
  shortestPathTo,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const input = { appId: 'dragon-merge-android' };
const ANALYZE_NOT_ENABLED =
  'Analyze is not enabled for this app. Run a processing job to activate the Analyze section.';

const model = defineModel(askAnalyzeMachine, {
  TYPE: [
    { type: 'TYPE', question: 'retention d1 and d7 by country for the last 30 days, only iOS' },
    { type: 'TYPE', question: '   ' },
  ],
  ASK: { type: 'ASK' },
  RETRY: { type: 'RETRY' },
  REMOVE_PART: [
    { type: 'REMOVE_PART', id: 'metric:retention_d7' },
    { type: 'REMOVE_PART', id: 'metric:retention_d1' },
  ],
  CHANGE_PART: [
    { type: 'CHANGE_PART', id: 'group', value: 'platform' },
    { type: 'CHANGE_PART', id: 'comparison:0', value: 'not_equals' },
  ],
  PICK_SUGGESTION: { type: 'PICK_SUGGESTION', suggestion: { column_name: 'payers', label: 'Payers', kind: 'metric' } },
  RUN: { type: 'RUN' },
  'xstate.done.actor.ask': [done('ask', understood), done('ask', whales)],
  'xstate.error.actor.ask': [
    failed('ask', apiError(409, ANALYZE_NOT_ENABLED, 'analyze_not_enabled')),
    failed('ask', serverCrash()),
    failed('ask', apiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network')),
  ],
});
const ev = {
  type: fixture(model, 'TYPE', 0),
  typeBlank: fixture(model, 'TYPE', 1),
  ask: fixture(model, 'ASK'),
  retry: fixture(model, 'RETRY'),
  removeD7: fixture(model, 'REMOVE_PART', 0),
  removeD1: fixture(model, 'REMOVE_PART', 1),
  byPlatform: fixture(model, 'CHANGE_PART', 0),
  notIos: fixture(model, 'CHANGE_PART', 1),
  addPayers: fixture(model, 'PICK_SUGGESTION'),
  run: fixture(model, 'RUN'),
  understood: fixture(model, 'xstate.done.actor.ask', 0),
  whales: fixture(model, 'xstate.done.actor.ask', 1),
  notEnabled: fixture(model, 'xstate.error.actor.ask', 0),
  crash: fixture(model, 'xstate.error.actor.ask', 1),
  offline: fixture(model, 'xstate.error.actor.ask', 2),
};
const pending = askAnalyzeMachine.provide({ actors: { ask: pendingForever() } });

describe('ask-analyze machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(askAnalyzeMachine, model.events, { input });
    expect(unreachedStateNodeIds(askAnalyzeMachine, paths)).toEqual([]);
  });

  it('nothing is asked without a question', () => {
    const path = pathOf(askAnalyzeMachine, [ev.typeBlank], input);
    expect(path.state.can(ev.ask)).toBe(false);
  });

  it('question → understanding → understood → a part changed and one removed → confirmed: the builder opens with it', () => {
    const path = shortestPathTo(askAnalyzeMachine, model.events, { input, toState: (s) => s.matches('confirmed') });
    expect(eventTypes(path)).toEqual(['TYPE', 'ASK', 'xstate.done.actor.ask', 'RUN']);

    const { send, spies } = live(pending, { input, spies: ['openBuilder'] });
    send(ev.type, ev.ask);
    const afterAnswer = send(ev.understood);
    expect(afterAnswer.matches('understood')).toBe(true);
    send(ev.byPlatform, ev.removeD7);
    const end = send(ev.run);
    expect(end.status).toBe('done');
    expect(spies.openBuilder).toHaveBeenCalledTimes(1);
    const {
      report: opened,
      question,
      sortChosen,
    } = spies.openBuilder.mock.calls[0]![0] as { report: Report; question: string; sortChosen: boolean };
    expect(question).toBe('retention d1 and d7 by country for the last 30 days, only iOS');
    expect(sortChosen).toBe(false);
    expect(opened.configuration.select.map((m) => m.column_name)).toEqual(['retention_d1']);
    expect(opened.configuration.group_by.map((g) => g.column_name)).toEqual(['platform']);
    expect(opened.configuration.where).toEqual(report.configuration.where);
  });

  it("a condition's comparison changes (Platform is iOS → is not iOS) and the builder opens with it", () => {
    const { send, spies } = live(pending, { input, spies: ['openBuilder'] });
    send(ev.type, ev.ask, ev.understood);
    const changed = send(ev.notIos);
    expect(changed.matches('understood')).toBe(true);
    expect(changed.context.report!.configuration.where).toEqual([
      { ...report.configuration.where![0]!, comparison: 'not_equals' },
    ]);
    send(ev.run);
    const { report: opened } = spies.openBuilder.mock.calls[0]![0] as { report: Report };
    expect(opened.configuration.where).toEqual([{ ...report.configuration.where![0]!, comparison: 'not_equals' }]);
  });

  it('success:false → notUnderstood, no run; a suggested metric → understood → run', () => {
    const path = pathOf(askAnalyzeMachine, [ev.type, ev.ask, ev.whales], input);
    expect(path.state.matches('notUnderstood')).toBe(true);
    expect(path.state.can(ev.run)).toBe(false);
    const after = pathOf(askAnalyzeMachine, [ev.type, ev.ask, ev.whales, ev.addPayers, ev.run], input);
    expect(after.steps[4]!.state.matches('understood')).toBe(true);
    expect(
      (after.steps[4]!.state.context as { report: Report }).report.configuration.select.map((m) => m.column_name),
    ).toEqual(['payers']);
    expect(after.state.matches('confirmed')).toBe(true);
  });

  it('removing the last metric leaves nothing to run until one is picked', () => {
    const path = pathOf(askAnalyzeMachine, [ev.type, ev.ask, ev.understood, ev.removeD7, ev.removeD1], input);
    expect(path.state.matches('notUnderstood')).toBe(true);
    expect(path.state.can(ev.run)).toBe(false);
  });

  it.each([
    ['Analyze not enabled: the server words', ev.notEnabled, ANALYZE_NOT_ENABLED],
    ['a crash: ours', ev.crash, ASK_FAILED],
    ['the network: its words', ev.offline, 'Cannot reach Questboard. Check your connection and try again.'],
  ])('%s → failed → retry → understood', (_, failure, words) => {
    const path = pathOf(askAnalyzeMachine, [ev.type, ev.ask, failure], input);
    expect(path.state.matches('failed')).toBe(true);
    expect(path.state.context.error).toBe(words);
    const retried = pathOf(askAnalyzeMachine, [ev.type, ev.ask, failure, ev.retry, ev.understood], input);
    expect(retried.steps[4]!.state.matches('understanding')).toBe(true);
    expect(retried.state.matches('understood')).toBe(true);
    expect(retried.state.context.error).toBeNull();
  });

  it('asking again from understood reads the new question', () => {
    const path = pathOf(askAnalyzeMachine, [ev.type, ev.ask, ev.understood, ev.ask], input);
    expect(path.state.matches('understanding')).toBe(true);
  });
});
