/**
 * Paths of the workspace security machine (src/machines/workspace-security): every state reachable; the settings
 * load (or fail with Try again); turning the requirement on is confirmed first (Cancel leaves it off), turning it off
 * is saved at once; a save refreshes the session and says what changed; a refusal (the admin has no two-factor
 * sign-in) is shown in the server's words and the setting stays.
 */
import { describe, expect, it } from 'vitest';
import {
  REQUIRED_OFF,
  REQUIRED_ON,
  SECURITY_LOAD_FAILED,
  SECURITY_SAVE_FAILED,
  workspaceSecurityMachine,
} from '../../src/machines/workspace-security/workspace-security.machine';
import { selectWorkspaceSecurity } from '../../src/machines/workspace-security/workspace-security.selectors';
import { TWO_FACTOR_YOURS_FIRST, type WorkspaceSecurity } from '../../src/contracts/workspace';
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
  spyActions,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'demo-studio' };
const security = (requireTwoFactor: boolean, youHaveTwoFactor = true): WorkspaceSecurity => ({
  success: true,
  requireTwoFactor,
  membersWithoutTwoFactor: 2,
  youHaveTwoFactor,
});

const model = defineModel(workspaceSecurityMachine, {
  TOGGLE: { type: 'TOGGLE' },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  RETRY: { type: 'RETRY' },
  'xstate.done.actor.loadSecurity': [
    done('loadSecurity', security(false)),
    done('loadSecurity', security(true)),
    done('loadSecurity', security(false, false)),
  ],
  'xstate.error.actor.loadSecurity': failed('loadSecurity', new TypeError('Failed to fetch')),
  'xstate.done.actor.saveSecurity': [done('saveSecurity', security(true)), done('saveSecurity', security(false))],
  'xstate.error.actor.saveSecurity': [
    failed('saveSecurity', serverCrash()),
    failed('saveSecurity', apiError(409, TWO_FACTOR_YOURS_FIRST, 'two_factor_yours_first')),
  ],
});
const ev = {
  toggle: fixture(model, 'TOGGLE'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  retry: fixture(model, 'RETRY'),
  loadedOff: fixture(model, 'xstate.done.actor.loadSecurity', 0),
  loadedOn: fixture(model, 'xstate.done.actor.loadSecurity', 1),
  loadedOffWithout: fixture(model, 'xstate.done.actor.loadSecurity', 2),
  loadFailed: fixture(model, 'xstate.error.actor.loadSecurity'),
  savedOn: fixture(model, 'xstate.done.actor.saveSecurity', 0),
  savedOff: fixture(model, 'xstate.done.actor.saveSecurity', 1),
  saveCrashed: fixture(model, 'xstate.error.actor.saveSecurity', 0),
  saveRefused: fixture(model, 'xstate.error.actor.saveSecurity', 1),
};
const pending = workspaceSecurityMachine.provide({
  actors: { loadSecurity: pendingForever(), saveSecurity: pendingForever() },
});
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(workspaceSecurityMachine, events, INPUT);
const view = (events: Parameters<typeof pathOf>[1]) => selectWorkspaceSecurity(path(events).state);

describe('workspace security machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(workspaceSecurityMachine, model.events, { input: INPUT });
    expect(unreachedStateNodeIds(workspaceSecurityMachine, paths)).toEqual([]);
  });

  it('loads the setting and who it affects; a failed load offers Try again', () => {
    expect(view([])).toMatchObject({ loading: true, ready: false });
    expect(view([ev.loadedOff])).toMatchObject({ ready: true, required: false, membersWithout: 2, blocked: false });
    const failedLoad = view([ev.loadFailed]);
    expect(failedLoad).toMatchObject({ failed: true, ready: false });
    expect(failedLoad.error).toBe('We could not load the security settings. Please try again.');
    expect(failedLoad.error).toBe(SECURITY_LOAD_FAILED);
    expect(path([ev.loadFailed, ev.retry, ev.loadedOn]).state.matches('ready')).toBe(true);
  });

  it('turning it on is confirmed first; Cancel leaves it off', () => {
    const confirming = path([ev.loadedOff, ev.toggle]);
    expect(confirming.state.matches('confirming')).toBe(true);
    expect(selectWorkspaceSecurity(confirming.state)).toMatchObject({ confirming: true, required: false });
    expect(view([ev.loadedOff, ev.toggle, ev.cancel])).toMatchObject({ confirming: false, required: false });
    const saving = path([ev.loadedOff, ev.toggle, ev.confirm]);
    expect(saving.state.matches('saving')).toBe(true);
    expect(saving.state.context.security?.requireTwoFactor).toBe(false);
  });

  it('a save keeps the answer, refreshes the session and says what changed', async () => {
    const on = path([ev.loadedOff, ev.toggle, ev.confirm, ev.savedOn]);
    expect(selectWorkspaceSecurity(on.state)).toMatchObject({ required: true, saving: false, error: null });
    let spied = spyActions(pending, ['saved', 'notify']);
    await replay(spied.machine, on, INPUT);
    expect(spied.spies.saved).toHaveBeenCalledTimes(1);
    expect(spied.spies.notify).toHaveBeenCalledWith({ message: REQUIRED_ON, kind: 'success' });
    expect(REQUIRED_ON).toBe('Two-factor sign-in is now required in this workspace.');
    // Turning it off needs no confirmation.
    expect(path([ev.loadedOn, ev.toggle]).state.matches('saving')).toBe(true);
    const off = path([ev.loadedOn, ev.toggle, ev.savedOff]);
    expect(selectWorkspaceSecurity(off.state).required).toBe(false);
    spied = spyActions(pending, ['saved', 'notify']);
    await replay(spied.machine, off, INPUT);
    expect(spied.spies.notify).toHaveBeenCalledWith({ message: REQUIRED_OFF, kind: 'success' });
  });

  it('a refusal is shown in the server’s words, a crash in ours; the setting stays', () => {
    const refused = view([ev.loadedOff, ev.toggle, ev.confirm, ev.saveRefused]);
    expect(refused).toMatchObject({ required: false, error: TWO_FACTOR_YOURS_FIRST, saving: false });
    const crashed = view([ev.loadedOn, ev.toggle, ev.saveCrashed]);
    expect(crashed).toMatchObject({ required: true, error: SECURITY_SAVE_FAILED });
  });

  it('an admin without two-factor sign-in cannot turn it on from the page (the switch waits for theirs)', () => {
    expect(view([ev.loadedOffWithout])).toMatchObject({ blocked: true, youHaveTwoFactor: false });
    const confirming = path([ev.loadedOffWithout, ev.toggle]).state;
    expect(confirming.can(ev.confirm)).toBe(false);
  });
});
