/**
 * Paths of the workspace-settings machine (src/machines/workspace-settings/workspace-settings.machine.ts): every
 * state reachable; save with valid input ('Workspace updated successfully.', the session refreshed); invalid input
 * blocked; a non-admin's 403 shows the server's docs/workspace.md §Roles words; other failures 'Error updating workspace!' with every
 * field kept; a too-large icon refused at once; Discard changes (cancel) restores the saved values.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { workspaceSettingsMachine } from '../../src/machines/workspace-settings/workspace-settings.machine';
import { ICON_TYPE_MESSAGE, WEBSITE_SPACES } from '../../src/contracts/workspace';
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

const ONLY_ADMINS =
  'Only administrators can change the workspace name. Please contact your administrator for assistance.';
const INPUT = { workspaceId: 'demo-studio', name: 'Demo Studio', website: 'https://demostudio.dev' };
const model = defineModel(workspaceSettingsMachine, {
  CHANGE: [
    { type: 'CHANGE', field: 'name', value: 'Demo Studio Renamed' },
    { type: 'CHANGE', field: 'name', value: '' },
    { type: 'CHANGE', field: 'website', value: 'not a website' },
    { type: 'CHANGE', field: 'website', value: '//demostudio.dev' },
  ],
  PICK_ICON: [
    { type: 'PICK_ICON', file: { name: 'icon.gif', size: 4096, type: 'image/gif' } },
    { type: 'PICK_ICON', file: { name: 'huge.png', size: 3145729, type: 'image/png' } },
  ],
  SUBMIT: { type: 'SUBMIT' },
  RESET: { type: 'RESET' },
  SYNC: { type: 'SYNC', name: 'Renamed Elsewhere', website: 'https://elsewhere.dev' },
  'xstate.done.actor.updateWorkspace': [
    done('updateWorkspace', { success: true, message: 'Workspace updated successfully.', data: { id: 'demo-studio' } }),
    done('updateWorkspace', { success: false, message: 'No.' }),
    done('updateWorkspace', {
      success: true,
      message: 'Workspace updated successfully.',
      data: { id: 'demo-studio', name: 'Demo Studio', website: 'https://demostudio.dev' },
    }),
  ],
  'xstate.error.actor.updateWorkspace': [
    failed('updateWorkspace', apiError(403, ONLY_ADMINS, 'access_missing_role_for_action')),
    failed('updateWorkspace', apiError(413, 'File is too large!', 'file_too_large')),
    failed('updateWorkspace', serverCrash()),
    failed('updateWorkspace', apiError(400, 'website must be a valid URL', 'bad_request')),
    failed('updateWorkspace', apiError(400, ICON_TYPE_MESSAGE, 'bad_request', ['image'])),
    failed('updateWorkspace', apiError(400, WEBSITE_SPACES, 'bad_request', ['data.website'])),
  ],
});
const ev = {
  rename: fixture(model, 'CHANGE', 0),
  emptyName: fixture(model, 'CHANGE', 1),
  badWebsite: fixture(model, 'CHANGE', 2),
  slashedWebsite: fixture(model, 'CHANGE', 3),
  icon: fixture(model, 'PICK_ICON', 0),
  hugeIcon: fixture(model, 'PICK_ICON', 1),
  submit: fixture(model, 'SUBMIT'),
  reset: fixture(model, 'RESET'),
  sync: fixture(model, 'SYNC'),
};
const outcome = {
  saved: fixture(model, 'xstate.done.actor.updateWorkspace', 0),
  refused: fixture(model, 'xstate.done.actor.updateWorkspace', 1),
  savedNormalised: fixture(model, 'xstate.done.actor.updateWorkspace', 2),
  notAdmin: fixture(model, 'xstate.error.actor.updateWorkspace', 0),
  tooLarge: fixture(model, 'xstate.error.actor.updateWorkspace', 1),
  crashed: fixture(model, 'xstate.error.actor.updateWorkspace', 2),
  badRequest: fixture(model, 'xstate.error.actor.updateWorkspace', 3),
  iconRefused: fixture(model, 'xstate.error.actor.updateWorkspace', 4),
  websiteRefused: fixture(model, 'xstate.error.actor.updateWorkspace', 5),
};
const path = (events: EventObject[]) => pathOf(workspaceSettingsMachine, events, INPUT);
const pending = workspaceSettingsMachine.provide({ actors: { updateWorkspace: pendingForever() } });

describe('workspace-settings machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(workspaceSettingsMachine, model.events, {
      input: INPUT,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.name, s.context.error, Object.keys(s.context.errors as object).length]),
    });
    expect(unreachedStateNodeIds(workspaceSettingsMachine, paths)).toEqual([]);
  });

  it("saves a new name: 'Workspace updated successfully.', the session refreshed, the new name kept as saved", async () => {
    const journey = path([ev.rename, ev.icon, ev.submit, outcome.saved]);
    expect(journey.steps[3]!.state.matches('saving')).toBe(true);
    expect(journey.state.matches('editing')).toBe(true);
    expect(journey.state.context).toMatchObject({
      name: 'Demo Studio Renamed',
      savedName: 'Demo Studio Renamed',
      icon: null,
      error: null,
    });
    const { machine, spies } = spyActions(pending, ['saved', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Workspace updated successfully.', kind: 'success' });
    expect(spies.saved).toHaveBeenCalledTimes(1);
  });

  it('invalid input is blocked with field errors; no call', () => {
    const blocked = path([ev.emptyName, ev.badWebsite, ev.submit]);
    expect(blocked.state.matches('editing')).toBe(true);
    expect(Object.keys(blocked.state.context.errors).sort()).toEqual(['name', 'website']);
    const huge = path([ev.hugeIcon]);
    expect(huge.state.context.errors.icon).toBe('File is too large!');
    expect(path([ev.hugeIcon, ev.submit]).state.matches('editing')).toBe(true);
  });

  it("a non-admin's save shows the server's docs/workspace.md §Roles words; other failures 'Error updating workspace!'; fields kept", async () => {
    const cases: Array<[EventObject, string]> = [
      [outcome.notAdmin, ONLY_ADMINS],
      [outcome.refused, 'Error updating workspace!'],
      [outcome.crashed, 'Error updating workspace!'],
      [outcome.badRequest, 'Error updating workspace!'],
      [outcome.tooLarge, 'File is too large!'],
    ];
    for (const [failure, message] of cases) {
      const journey = path([ev.rename, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context).toMatchObject({
        name: 'Demo Studio Renamed',
        savedName: 'Demo Studio',
        error: message,
      });
      const { machine, spies } = spyActions(pending, ['saved', 'notify']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      expect(spies.saved).not.toHaveBeenCalled();
    }
  });

  it('after a save the fields show the values as stored: "//demostudio.dev" becomes "https://demostudio.dev"', () => {
    const journey = path([ev.slashedWebsite, ev.submit, outcome.savedNormalised]);
    expect(journey.state.matches('editing')).toBe(true);
    expect(journey.state.context).toMatchObject({
      website: 'https://demostudio.dev',
      savedWebsite: 'https://demostudio.dev',
      error: null,
    });
  });

  it("a refusal naming a field keeps SPEC's title and puts the server's message under that field", () => {
    const icon = path([ev.icon, ev.submit, outcome.iconRefused]);
    expect(icon.state.context).toMatchObject({
      error: 'Error updating workspace!',
      errors: { icon: ICON_TYPE_MESSAGE },
    });
    const website = path([ev.rename, ev.submit, outcome.websiteRefused]);
    expect(website.state.context).toMatchObject({
      name: 'Demo Studio Renamed',
      error: 'Error updating workspace!',
      errors: { website: WEBSITE_SPACES },
    });
    // A refusal naming no field, or a crash, leaves the fields without a message.
    expect(path([ev.rename, ev.submit, outcome.badRequest]).state.context.errors).toEqual({});
    expect(path([ev.rename, ev.submit, outcome.crashed]).state.context.errors).toEqual({});
    // The next valid change clears nothing it should not: a new submit starts clean.
    expect(path([ev.rename, ev.submit, outcome.websiteRefused, ev.submit]).state.context.errors).toEqual({});
  });

  it('cancel: Discard changes restores the saved values; a change made elsewhere syncs in', () => {
    const discarded = path([ev.rename, ev.badWebsite, ev.submit, ev.reset]);
    expect(discarded.state.context).toMatchObject({
      name: 'Demo Studio',
      website: 'https://demostudio.dev',
      errors: {},
      error: null,
    });
    expect(path([ev.sync]).state.context).toMatchObject({ name: 'Renamed Elsewhere', savedName: 'Renamed Elsewhere' });
    expect(path([ev.rename, ev.submit]).state.can(ev.reset)).toBe(false);
  });
});
