/**
 * Paths of the create-workspace machine (src/machines/create-workspace/create-workspace.machine.ts): every state
 * node reachable; invalid then valid input; a too-large icon refused at once; server refusals keep the fields.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createWorkspaceMachine, CREATE_FAILED, type CreateWorkspaceEvent } from '../../src/machines/create-workspace/create-workspace.machine';
import { FILE_TOO_LARGE, ICON_MAX_BYTES } from '../../src/contracts/workspace';
import { apiError, done, eventTypes, failed, pathOf, pendingForever, reachedStateNodeIds, replay, shortestPaths, shortestPathTo, stateNodeIds } from './graph-harness';

const ev = {
  open: { type: 'OPEN' },
  close: { type: 'CLOSE' },
  nameEmpty: { type: 'CHANGE', field: 'name', value: '' },
  name: { type: 'CHANGE', field: 'name', value: 'Nova Games' },
  websiteInvalid: { type: 'CHANGE', field: 'website', value: 'not a website' },
  website: { type: 'CHANGE', field: 'website', value: 'novagames.io' },
  icon: { type: 'PICK_ICON', file: { name: 'icon.png', size: 2048, type: 'image/png' } },
  iconTooLarge: { type: 'PICK_ICON', file: { name: 'huge.png', size: ICON_MAX_BYTES + 1, type: 'image/png' } },
  noIcon: { type: 'PICK_ICON', file: null },
  submit: { type: 'SUBMIT' },
} satisfies Record<string, CreateWorkspaceEvent>;

const outcomes = {
  created: done('createWorkspace', { success: true, message: 'Workspace created successfully.', data: { id: 'ws-nova' } }),
  refused: done('createWorkspace', { success: false, message: 'A workspace with this name already exists.' }),
  refusedSilently: done('createWorkspace', { success: false, message: '' }),
  rejected: failed('createWorkspace', apiError(413, 'File is too large!', 'payload_too_large')),
  crashed: failed('createWorkspace', new TypeError('Failed to fetch')),
};
const allEvents: EventObject[] = [...Object.values(ev), ...Object.values(outcomes)];

const model = createWorkspaceMachine.provide({ actors: { createWorkspace: pendingForever() } });

describe('create-workspace machine paths', () => {
  it('reaches every state node', () => {
    const reached = reachedStateNodeIds(shortestPaths(model, allEvents));
    expect(stateNodeIds(createWorkspaceMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('create workspace with invalid then valid input', async () => {
    const path = pathOf(model, [ev.open, ev.submit, ev.name, ev.websiteInvalid, ev.submit, ev.website, ev.submit, outcomes.created]);
    const afterEmptySubmit = path.steps[2]!.state;
    expect(afterEmptySubmit.matches('editing')).toBe(true);
    expect(Object.keys(afterEmptySubmit.context.errors).sort()).toEqual(['name', 'website']);
    const afterInvalidWebsite = path.steps[5]!.state;
    expect(afterInvalidWebsite.matches('editing')).toBe(true);
    expect(afterInvalidWebsite.context.errors.name).toBeUndefined();
    expect(afterInvalidWebsite.context.errors.website).toBeDefined();
    expect(path.steps[7]!.state.matches('submitting')).toBe(true);
    expect(path.state.matches('closed')).toBe(true);
    expect(path.state.context.createdId).toBe('ws-nova');

    const created = vi.fn();
    await replay(model.provide({ actions: { created: (_, params) => created(params.id) } }), path);
    expect(created).toHaveBeenCalledWith('ws-nova');
  });

  it('the shortest way to a created workspace fills name and website, then submits', () => {
    const path = shortestPathTo(model, allEvents, { toState: (s) => s.context.createdId !== null });
    expect(eventTypes(path)).toEqual(['OPEN', 'CHANGE', 'CHANGE', 'SUBMIT', 'xstate.done.actor.createWorkspace']);
  });

  it("refuses a too-large icon at once with 'File is too large!'", () => {
    const path = pathOf(model, [ev.open, ev.iconTooLarge]);
    expect(path.state.context.errors.icon).toBe(FILE_TOO_LARGE);
    expect(pathOf(model, [ev.open, ev.name, ev.website, ev.iconTooLarge, ev.submit]).state.matches('editing')).toBe(true);
    expect(pathOf(model, [ev.open, ev.name, ev.website, ev.iconTooLarge, ev.icon, ev.submit]).state.matches('submitting')).toBe(true);
    expect(pathOf(model, [ev.open, ev.iconTooLarge, ev.noIcon]).state.context.errors.icon).toBeUndefined();
  });

  it('a refusal or failure goes back to editing with the message and every field kept', () => {
    const base = [ev.open, ev.name, ev.website, ev.icon, ev.submit];
    const cases: Array<[EventObject, string]> = [
      [outcomes.refused, 'A workspace with this name already exists.'],
      [outcomes.refusedSilently, CREATE_FAILED],
      [outcomes.rejected, 'File is too large!'],
      [outcomes.crashed, CREATE_FAILED],
    ];
    for (const [outcome, message] of cases) {
      const path = pathOf(model, [...base, outcome]);
      expect(path.state.matches('editing')).toBe(true);
      expect(path.state.context).toMatchObject({ name: 'Nova Games', website: 'novagames.io', error: message });
      expect(path.state.context.icon?.name).toBe('icon.png');
    }
  });

  it('closing drops the form; opening again starts empty', () => {
    const path = pathOf(model, [ev.open, ev.name, ev.close, ev.open]);
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.name).toBe('');
  });
});
