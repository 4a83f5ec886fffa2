/**
 * Paths of the team (invitation) machine (src/machines/team/team.machine.ts): every state node reachable, and
 * the team journeys of issue 2: invite → sent; invite → server error → retry → sent; resend; change role;
 * remove confirmed and cancelled.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import {
  teamMachine,
  INVITE_FAILED,
  REMOVE_FAILED,
  RESEND_FAILED,
  ROLE_FAILED,
  type TeamEvent,
  type MemberRef,
} from '../../src/machines/team/team.machine';
import { EMAIL_INVALID, EMAIL_REQUIRED, ROLE_NOT_ALLOWED } from '../../src/machines/team/invite-form';
import { notOk, ok } from '../fixtures/team';
import {
  apiError,
  contractError,
  done,
  eventTypes,
  failed,
  pathOf,
  pendingForever,
  reachedStateNodeIds,
  replay,
  shortestPaths,
  shortestPathTo,
  simplePaths,
  stateNodeIds,
} from './graph-harness';

const input = { workspaceId: 'ws-demo' };
const editor: MemberRef = { accountId: 'acc-editor', email: 'editor@demostudio.dev', name: 'Eddie Editor', role: 'editor', pending: false };
const invitee: MemberRef = { accountId: 'invite:inv-1', email: 'pending@demostudio.dev', name: null, role: 'editor', pending: true };

/** One fixture per event the machine handles (several where the payload changes the outcome). */
const ev = {
  openAsAdmin: { type: 'OPEN_INVITE', roles: ['admin', 'editor', 'viewer'] },
  openAsEditor: { type: 'OPEN_INVITE', roles: ['editor', 'viewer'] },
  emailEmpty: { type: 'INVITE_EMAIL', value: '' },
  emailInvalid: { type: 'INVITE_EMAIL', value: 'not-an-email' },
  emailValid: { type: 'INVITE_EMAIL', value: 'new@studio.dev' },
  roleViewer: { type: 'INVITE_ROLE', role: 'viewer' },
  roleAdmin: { type: 'INVITE_ROLE', role: 'admin' },
  submit: { type: 'SUBMIT_INVITE' },
  close: { type: 'CLOSE_INVITE' },
  resend: { type: 'RESEND', member: invitee },
  changeRole: { type: 'CHANGE_ROLE', member: editor },
  pickViewer: { type: 'PICK_ROLE', role: 'viewer' },
  pickEditor: { type: 'PICK_ROLE', role: 'editor' },
  saveRole: { type: 'SAVE_ROLE' },
  remove: { type: 'REMOVE', member: editor },
  confirmRemove: { type: 'CONFIRM_REMOVE' },
  cancel: { type: 'CANCEL' },
} satisfies Record<string, TeamEvent>;

const outcomes = {
  inviteSent: done('sendInvite', ok('Invite sent to new@studio.dev.')),
  inviteRefused: done('sendInvite', notOk('This user is already a member of the workspace.')),
  inviteConflict: failed('sendInvite', apiError(409, 'An invite has already been sent to this email. Resend it from the team list.', 'conflict')),
  inviteBroken: failed('sendInvite', contractError('/api/workspace/ws-demo/team/invite')),
  resent: done('resendInvite', ok('Invite resent to pending@demostudio.dev.')),
  resendRefused: done('resendInvite', notOk()),
  resendFailed: failed('resendInvite', apiError(404, 'Invite not found.', 'not_found')),
  roleUpdated: done('updateRole', ok('Role updated.')),
  roleRefused: done('updateRole', notOk()),
  roleFailed: failed('updateRole', apiError(409, 'A workspace needs at least one admin.', 'conflict')),
  removed: done('removeMember', ok('editor@demostudio.dev was removed from the team.')),
  removeRefused: done('removeMember', notOk()),
  removeFailed: failed('removeMember', apiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network')),
};

const allEvents: EventObject[] = [...Object.values(ev), ...Object.values(outcomes)];

const model = teamMachine.provide({
  actors: {
    sendInvite: pendingForever(),
    resendInvite: pendingForever(),
    updateRole: pendingForever(),
    removeMember: pendingForever(),
  },
});

function liveModel() {
  const notify = vi.fn();
  const teamChanged = vi.fn();
  const machine = model.provide({
    actions: {
      notify: (_, params) => notify(params),
      teamChanged: (_, params) => teamChanged(params),
    },
  });
  return { machine, notify, teamChanged };
}

/** Event types each parallel region handles. */
const regionEvents = (region: 'inviteDialog' | 'memberAction') =>
  new Set<string>(stateNodeIds(teamMachine).filter((id) => id.startsWith(`team.${region}`)).flatMap((id) => teamMachine.getStateNodeById(id).ownEvents));

describe('team machine paths', () => {
  it('keeps its two regions independent: no event is handled by both', () => {
    const invite = regionEvents('inviteDialog');
    const member = regionEvents('memberAction');
    expect([...invite].filter((type) => member.has(type))).toEqual([]);
  });

  it('reaches every state node', () => {
    // The regions share no event, so exploring each with the other at rest covers every combination that matters
    // and keeps the graph small (the full product is the Cartesian product of both).
    const inviteTypes = regionEvents('inviteDialog');
    const paths = [
      ...shortestPaths(model, allEvents, { input, filterEvents: (_, event) => inviteTypes.has(event.type) }),
      ...shortestPaths(model, allEvents, { input, filterEvents: (_, event) => !inviteTypes.has(event.type) }),
    ];
    const reached = reachedStateNodeIds(paths);
    const missing = stateNodeIds(teamMachine).filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
    expect(stateNodeIds(teamMachine)).toEqual(
      expect.arrayContaining([
        'team.inviteDialog.closed.sent',
        'team.inviteDialog.open.failed',
        'team.memberAction.ready.done',
        'team.memberAction.changeRole.updating',
        'team.memberAction.remove.confirming',
      ]),
    );
  });

  it('invite → sent: the shortest way is open, type a valid email, send, success', async () => {
    const inviteTypes = regionEvents('inviteDialog');
    const path = shortestPathTo(model, allEvents, {
      input,
      filterEvents: (_, event) => inviteTypes.has(event.type),
      toState: (s) => s.matches({ inviteDialog: { closed: 'sent' } }),
    });
    expect(eventTypes(path)).toEqual(['OPEN_INVITE', 'INVITE_EMAIL', 'SUBMIT_INVITE', 'xstate.done.actor.sendInvite']);
    expect(path.state.context.invite).toMatchObject({ email: 'new@studio.dev', error: null });

    const { machine, notify, teamChanged } = liveModel();
    const replayed = pathOf(model, [ev.openAsAdmin, ev.emailValid, ev.submit, outcomes.inviteSent], input);
    await replay(machine, replayed, input);
    expect(notify).toHaveBeenCalledWith({ message: 'Invite sent to new@studio.dev.', kind: 'success' });
    expect(teamChanged).toHaveBeenCalledWith({ workspaceId: 'ws-demo' });
  });

  it('invite → server error → retry → sent, the server message in the dialog and the fields kept', async () => {
    const path = pathOf(model, [ev.openAsAdmin, ev.emailValid, ev.roleViewer, ev.submit, outcomes.inviteConflict, ev.submit, outcomes.inviteSent], input);
    const afterError = path.steps[5]!.state;
    expect(afterError.matches({ inviteDialog: { open: 'failed' } })).toBe(true);
    expect(afterError.context.invite).toMatchObject({
      email: 'new@studio.dev',
      role: 'viewer',
      error: 'An invite has already been sent to this email. Resend it from the team list.',
    });
    expect(path.steps[6]!.state.matches({ inviteDialog: 'sending' })).toBe(true);
    expect(path.state.matches({ inviteDialog: { closed: 'sent' } })).toBe(true);

    const { machine, notify } = liveModel();
    await replay(machine, path, input);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('every simple path to sent: those that meet a server error pass through the failed dialog and retry', () => {
    const events = [ev.openAsAdmin, ev.emailValid, ev.submit, ev.close, outcomes.inviteConflict, outcomes.inviteSent];
    const paths = simplePaths(model, events, { input, toState: (s) => s.matches({ inviteDialog: { closed: 'sent' } }) });
    const withError = paths.filter((p) => eventTypes(p).includes('xstate.error.actor.sendInvite'));
    expect(paths.length).toBeGreaterThan(withError.length);
    expect(withError.length).toBeGreaterThan(0);
    for (const p of withError) {
      const types = eventTypes(p);
      const errorAt = types.indexOf('xstate.error.actor.sendInvite');
      // steps[i].state is the state before event i: the one after the error is steps[errorAt + 1].state.
      expect(p.steps[errorAt + 1]!.state.matches({ inviteDialog: { open: 'failed' } })).toBe(true);
      expect(types.slice(errorAt + 1)).toContain('SUBMIT_INVITE');
    }
  });

  it('falls back to the SPEC message when the failure carries none in words', () => {
    expect(pathOf(model, [ev.openAsAdmin, ev.emailValid, ev.submit, outcomes.inviteBroken], input).state.context.invite.error).toBe(INVITE_FAILED);
    expect(pathOf(model, [ev.openAsAdmin, ev.emailValid, ev.submit, outcomes.inviteRefused], input).state.context.invite.error).toBe(
      'This user is already a member of the workspace.',
    );
  });

  it('validates the email (required and valid) and the role the inviter may give before sending', () => {
    const empty = pathOf(model, [ev.openAsAdmin, ev.submit], input);
    expect(empty.state.matches({ inviteDialog: { open: 'editing' } })).toBe(true);
    expect(empty.state.context.invite.errors).toEqual({ email: EMAIL_REQUIRED });
    const invalid = pathOf(model, [ev.openAsAdmin, ev.submit, ev.emailInvalid], input);
    expect(invalid.state.context.invite.errors).toEqual({ email: EMAIL_INVALID });
    const editorOpens = pathOf(model, [ev.openAsEditor], input);
    expect(editorOpens.state.context.invite.role).toBe('editor');
    const editorPicksAdmin = pathOf(model, [ev.openAsEditor, ev.emailValid, ev.roleAdmin, ev.submit], input);
    expect(editorPicksAdmin.state.matches({ inviteDialog: { open: 'editing' } })).toBe(true);
    expect(editorPicksAdmin.state.context.invite.errors).toEqual({ role: ROLE_NOT_ALLOWED });
  });

  it('resend: resending → done with a snackbar and a refreshed list; a failure says so', async () => {
    const [path] = shortestPaths(model, allEvents, {
      input,
      filterEvents: (_, event) => event.type === 'RESEND' || event.type === 'xstate.done.actor.resendInvite',
      toState: (s) => s.matches({ memberAction: { ready: 'done' } }),
    });
    expect(eventTypes(path!)).toEqual(['RESEND', 'xstate.done.actor.resendInvite']);

    const { machine, notify, teamChanged } = liveModel();
    await replay(machine, pathOf(model, [ev.resend, outcomes.resent], input), input);
    expect(notify).toHaveBeenCalledWith({ message: 'Invite resent to pending@demostudio.dev.', kind: 'success' });
    expect(teamChanged).toHaveBeenCalledTimes(1);

    for (const outcome of [outcomes.resendFailed, outcomes.resendRefused]) {
      const failing = liveModel();
      const p = pathOf(model, [ev.resend, outcome], input);
      expect(p.state.matches({ memberAction: { ready: 'idle' } })).toBe(true);
      await replay(failing.machine, p, input);
      expect(failing.notify).toHaveBeenCalledWith({ message: RESEND_FAILED, kind: 'error' });
      expect(failing.teamChanged).not.toHaveBeenCalled();
    }
  });

  it('change role: an unchanged role is not saved; a failure stays in the dialog; a retry lands in done', async () => {
    const unchanged = pathOf(model, [ev.changeRole, ev.pickEditor], input);
    expect(() => pathOf(model, [ev.changeRole, ev.pickEditor, ev.saveRole], input)).toThrow(/SAVE_ROLE/);
    expect(unchanged.state.matches({ memberAction: { changeRole: 'choosing' } })).toBe(true);

    const path = pathOf(model, [ev.changeRole, ev.pickViewer, ev.saveRole, outcomes.roleFailed, ev.saveRole, outcomes.roleUpdated], input);
    const afterError = path.steps[4]!.state;
    expect(afterError.matches({ memberAction: { changeRole: 'choosing' } })).toBe(true);
    expect(afterError.context).toMatchObject({ actionError: ROLE_FAILED, actionDetail: 'A workspace needs at least one admin.', newRole: 'viewer' });
    expect(path.state.matches({ memberAction: { ready: 'done' } })).toBe(true);
    expect(pathOf(model, [ev.changeRole, ev.pickViewer, ev.saveRole, outcomes.roleRefused], input).state.context.actionError).toBe(ROLE_FAILED);

    const { machine, teamChanged } = liveModel();
    await replay(machine, path, input);
    expect(teamChanged).toHaveBeenCalledTimes(1);
  });

  it('remove confirmed: confirming → removing → done', async () => {
    const [path] = shortestPaths(model, allEvents, {
      input,
      filterEvents: (_, event) => ['REMOVE', 'CONFIRM_REMOVE', 'xstate.done.actor.removeMember'].includes(event.type),
      toState: (s) => s.matches({ memberAction: { ready: 'done' } }),
    });
    expect(eventTypes(path!)).toEqual(['REMOVE', 'CONFIRM_REMOVE', 'xstate.done.actor.removeMember']);
    expect(path!.steps[2]!.state.matches({ memberAction: { remove: 'removing' } })).toBe(true);

    const { machine, notify, teamChanged } = liveModel();
    await replay(machine, pathOf(model, [ev.remove, ev.confirmRemove, outcomes.removed], input), input);
    expect(notify).toHaveBeenCalledWith({ message: 'editor@demostudio.dev was removed from the team.', kind: 'success' });
    expect(teamChanged).toHaveBeenCalledWith({ workspaceId: 'ws-demo' });
  });

  it('remove cancelled: back to idle, nothing sent', async () => {
    const path = pathOf(model, [ev.remove, ev.cancel], input);
    expect(path.steps[1]!.state.matches({ memberAction: { remove: 'confirming' } })).toBe(true);
    expect(path.state.matches({ memberAction: { ready: 'idle' } })).toBe(true);
    const { machine, notify, teamChanged } = liveModel();
    const actor = await replay(machine, path, input);
    expect(actor.getSnapshot().children.removeMember).toBeUndefined();
    expect(notify).not.toHaveBeenCalled();
    expect(teamChanged).not.toHaveBeenCalled();
  });

  it('remove failed: the confirmation stays open with the SPEC message', () => {
    for (const outcome of [outcomes.removeFailed, outcomes.removeRefused]) {
      const path = pathOf(model, [ev.remove, ev.confirmRemove, outcome], input);
      expect(path.state.matches({ memberAction: { remove: 'confirming' } })).toBe(true);
      expect(path.state.context.actionError).toBe(REMOVE_FAILED);
    }
  });
});
