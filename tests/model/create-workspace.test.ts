/**
 * Paths of the create-workspace machine (src/machines/create-workspace/create-workspace.machine.ts): every state
 * node reachable; invalid then valid input; a too-large icon refused at once; refusals and a 500 keep the fields
 * and show the 'Error creating workspace!' (docs/workspace.md §Messages).
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createWorkspaceMachine } from '../../src/machines/create-workspace/create-workspace.machine';
import { ICON_MAX_BYTES } from '../../src/contracts/workspace';
import {
  defineModel,
  eventTypes,
  fixture,
  pathOf,
  pendingForever,
  replay,
  shortestPaths,
  shortestPathTo,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';
import { calls } from './fixtures';

const create = calls('createWorkspace');

const model = defineModel(createWorkspaceMachine, {
  OPEN: { type: 'OPEN' },
  CLOSE: { type: 'CLOSE' },
  CHANGE: [
    { type: 'CHANGE', field: 'name', value: '' },
    { type: 'CHANGE', field: 'name', value: 'Nova Games' },
    { type: 'CHANGE', field: 'website', value: 'not a website' },
    { type: 'CHANGE', field: 'website', value: 'novagames.io' },
  ],
  PICK_ICON: [
    { type: 'PICK_ICON', file: { name: 'icon.png', size: 2048, type: 'image/png' } },
    { type: 'PICK_ICON', file: { name: 'huge.png', size: ICON_MAX_BYTES + 1, type: 'image/png' } },
    { type: 'PICK_ICON', file: null },
  ],
  SUBMIT: { type: 'SUBMIT' },
  'xstate.done.actor.createWorkspace': [
    create.done({ success: true, message: 'Workspace created successfully.', data: { id: 'ws-nova' } }),
    create.done({ success: false, message: 'A workspace with this name already exists.' }),
    create.done({ success: false, message: '' }),
  ],
  'xstate.error.actor.createWorkspace': [
    create.status(413, 'File is too large!', 'file_too_large'),
    create.fetchFailed(),
    create.crash(),
    create.status(400, 'Invalid value undefined supplied to : WorkspaceData/name', 'bad_request'),
    create.status(400, 'Icon must be a PNG, JPG or GIF image.', 'bad_request', ['image']),
  ],
});

const ev = {
  open: fixture(model, 'OPEN'),
  close: fixture(model, 'CLOSE'),
  name: fixture(model, 'CHANGE', 1),
  websiteInvalid: fixture(model, 'CHANGE', 2),
  website: fixture(model, 'CHANGE', 3),
  icon: fixture(model, 'PICK_ICON', 0),
  iconTooLarge: fixture(model, 'PICK_ICON', 1),
  noIcon: fixture(model, 'PICK_ICON', 2),
  submit: fixture(model, 'SUBMIT'),
};
const outcomes = {
  created: fixture(model, 'xstate.done.actor.createWorkspace', 0),
  refused: fixture(model, 'xstate.done.actor.createWorkspace', 1),
  refusedSilently: fixture(model, 'xstate.done.actor.createWorkspace', 2),
  tooLarge: fixture(model, 'xstate.error.actor.createWorkspace', 0),
  crashed: fixture(model, 'xstate.error.actor.createWorkspace', 1),
  serverCrashed: fixture(model, 'xstate.error.actor.createWorkspace', 2),
  badRequest: fixture(model, 'xstate.error.actor.createWorkspace', 3),
  iconRefused: fixture(model, 'xstate.error.actor.createWorkspace', 4),
};

const pending = createWorkspaceMachine.provide({ actors: { createWorkspace: pendingForever() } });

describe('create-workspace machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(createWorkspaceMachine, shortestPaths(createWorkspaceMachine, model.events))).toEqual(
      [],
    );
  });

  it('create workspace with invalid then valid input', async () => {
    const path = pathOf(createWorkspaceMachine, [
      ev.open,
      ev.submit,
      ev.name,
      ev.websiteInvalid,
      ev.submit,
      ev.website,
      ev.submit,
      outcomes.created,
    ]);
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

    const { machine, spies } = spyActions(pending, ['created', 'notify']);
    await replay(machine, path);
    expect(spies.created).toHaveBeenCalledWith({ id: 'ws-nova' });
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Workspace created successfully.', kind: 'success' });
  });

  it('the shortest way to a created workspace fills name and website, then submits', () => {
    const path = shortestPathTo(createWorkspaceMachine, model.events, { toState: (s) => s.context.createdId !== null });
    expect(eventTypes(path)).toEqual(['OPEN', 'CHANGE', 'CHANGE', 'SUBMIT', 'xstate.done.actor.createWorkspace']);
  });

  it("refuses a too-large icon at once with 'File is too large!'", () => {
    const path = pathOf(createWorkspaceMachine, [ev.open, ev.iconTooLarge]);
    expect(path.state.context.errors.icon).toBe('File is too large!');
    expect(
      pathOf(createWorkspaceMachine, [ev.open, ev.name, ev.website, ev.iconTooLarge, ev.submit]).state.matches(
        'editing',
      ),
    ).toBe(true);
    expect(
      pathOf(createWorkspaceMachine, [ev.open, ev.name, ev.website, ev.iconTooLarge, ev.icon, ev.submit]).state.matches(
        'submitting',
      ),
    ).toBe(true);
    expect(
      pathOf(createWorkspaceMachine, [ev.open, ev.iconTooLarge, ev.noIcon]).state.context.errors.icon,
    ).toBeUndefined();
  });

  it("a refusal or failure goes back to editing with SPEC's words and every field kept, never the server's text", () => {
    const base = [ev.open, ev.name, ev.website, ev.icon, ev.submit];
    const cases: Array<[EventObject, string]> = [
      [outcomes.refused, 'Error creating workspace!'],
      [outcomes.refusedSilently, 'Error creating workspace!'],
      // docs/workspace.md §Rules and limits: the icon's own message when the server finds the file too large (413).
      [outcomes.tooLarge, 'File is too large!'],
      [outcomes.crashed, 'Error creating workspace!'],
      [outcomes.serverCrashed, 'Error creating workspace!'],
      [outcomes.badRequest, 'Error creating workspace!'],
    ];
    for (const [outcome, message] of cases) {
      const path = pathOf(createWorkspaceMachine, [...base, outcome]);
      expect(path.state.matches('editing')).toBe(true);
      expect(path.state.context).toMatchObject({ name: 'Nova Games', website: 'novagames.io', error: message });
      expect(path.state.context.icon?.name).toBe('icon.png');
    }
  });

  it("a refusal naming a field keeps SPEC's title and shows the server's message under that field", () => {
    const path = pathOf(createWorkspaceMachine, [
      ev.open,
      ev.name,
      ev.website,
      ev.icon,
      ev.submit,
      outcomes.iconRefused,
    ]);
    expect(path.state.context).toMatchObject({
      error: 'Error creating workspace!',
      errors: { icon: 'Icon must be a PNG, JPG or GIF image.' },
    });
    expect(
      pathOf(createWorkspaceMachine, [ev.open, ev.name, ev.website, ev.submit, outcomes.badRequest]).state.context
        .errors,
    ).toEqual({});
  });

  it('closing drops the form; opening again starts empty', () => {
    const path = pathOf(createWorkspaceMachine, [ev.open, ev.name, ev.close, ev.open]);
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.name).toBe('');
  });
});
