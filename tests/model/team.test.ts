/**
 * Paths of the team (invitation) machine (src/machines/team/team.machine.ts): every state node reachable, and
 * the team journeys of docs/accounts.md: invite → sent; invite → server error → retry → sent; resend; change role;
 * remove confirmed and cancelled. Each call is the shared confirm → mutate child: paths send its outcome
 * (`xstate.done.actor.<id>` with a MutationOutcome); the live tests at the end run the real child against a failing
 * service call and check what the user reads (docs/team.md §Messages, literally).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type EventObject } from 'xstate';
import { teamMachine, type MemberRef } from '../../src/machines/team/team.machine';
import { mutation } from '../../src/machines/shared/confirm-mutation.machine';
import type { SuccessMessage } from '../../src/contracts/codecs';
import { notOk, ok } from '../fixtures/team';
import {
  apiError,
  contractError,
  defineModel,
  eventTypes,
  fixture,
  pathOf,
  pendingMutation,
  replay,
  serverCrash,
  shortestPaths,
  shortestPathTo,
  simplePaths,
  spyActions,
  stateNodeIds,
  unreachedStateNodeIds,
} from './graph-harness';
import { answered, calls, threw } from './fixtures';

const input = { workspaceId: 'ws-demo' };
const editor: MemberRef = {
  accountId: 'acc-editor',
  email: 'editor@demostudio.dev',
  name: 'Eddie Editor',
  role: 'editor',
  pending: false,
};
const invitee: MemberRef = {
  accountId: 'invite:inv-1',
  email: 'pending@demostudio.dev',
  name: null,
  role: 'editor',
  pending: true,
};

const sendInvite = calls('sendInvite');
const resendInvite = calls('resendInvite');
const updateRole = calls('updateRole');
const removeMember = calls('removeMember');

const model = defineModel(teamMachine, {
  OPEN_INVITE: [
    { type: 'OPEN_INVITE', roles: ['admin', 'editor', 'viewer'] },
    { type: 'OPEN_INVITE', roles: ['editor', 'viewer'] },
  ],
  INVITE_EMAIL: [
    { type: 'INVITE_EMAIL', value: '' },
    { type: 'INVITE_EMAIL', value: 'not-an-email' },
    { type: 'INVITE_EMAIL', value: 'new@studio.dev' },
  ],
  INVITE_ROLE: [
    { type: 'INVITE_ROLE', role: 'viewer' },
    { type: 'INVITE_ROLE', role: 'admin' },
  ],
  SUBMIT_INVITE: { type: 'SUBMIT_INVITE' },
  CLOSE_INVITE: { type: 'CLOSE_INVITE' },
  RESEND: { type: 'RESEND', member: invitee },
  CHANGE_ROLE: { type: 'CHANGE_ROLE', member: editor },
  PICK_ROLE: [
    { type: 'PICK_ROLE', role: 'viewer' },
    { type: 'PICK_ROLE', role: 'editor' },
  ],
  SAVE_ROLE: { type: 'SAVE_ROLE' },
  REMOVE: { type: 'REMOVE', member: editor },
  CONFIRM_REMOVE: { type: 'CONFIRM_REMOVE' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.sendInvite': [
    sendInvite.done(answered(ok('Invite sent to new@studio.dev.'))),
    sendInvite.done(answered(notOk('This user is already a member of the workspace.'))),
    sendInvite.done(
      threw(apiError(409, 'An invite has already been sent to this email. Resend it from the team list.', 'conflict')),
    ),
    sendInvite.done(threw(contractError('/api/workspace/ws-demo/team/invite'))),
    sendInvite.done(threw(serverCrash())),
  ],
  'xstate.error.actor.sendInvite': sendInvite.threw(new Error('the child broke')),
  'xstate.done.actor.resendInvite': [
    resendInvite.done(answered(ok('Invite resent to pending@demostudio.dev.'))),
    resendInvite.done(answered(notOk())),
    resendInvite.done(threw(apiError(404, 'Invite not found.', 'not_found'))),
  ],
  'xstate.error.actor.resendInvite': resendInvite.threw(new Error('the child broke')),
  'xstate.done.actor.updateRole': [
    updateRole.done(answered(ok('Role updated.'))),
    updateRole.done(answered(notOk())),
    updateRole.done(threw(apiError(409, 'A workspace needs at least one admin.', 'conflict'))),
  ],
  'xstate.error.actor.updateRole': updateRole.threw(new Error('the child broke')),
  'xstate.done.actor.removeMember': [
    removeMember.done(answered(ok('editor@demostudio.dev was removed from the team.'))),
    removeMember.done(answered(notOk())),
    removeMember.done(threw(apiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network'))),
  ],
  'xstate.error.actor.removeMember': removeMember.threw(new Error('the child broke')),
});

const ev = {
  openAsAdmin: fixture(model, 'OPEN_INVITE', 0),
  openAsEditor: fixture(model, 'OPEN_INVITE', 1),
  emailInvalid: fixture(model, 'INVITE_EMAIL', 1),
  emailValid: fixture(model, 'INVITE_EMAIL', 2),
  roleViewer: fixture(model, 'INVITE_ROLE', 0),
  roleAdmin: fixture(model, 'INVITE_ROLE', 1),
  submit: fixture(model, 'SUBMIT_INVITE'),
  close: fixture(model, 'CLOSE_INVITE'),
  resend: fixture(model, 'RESEND'),
  changeRole: fixture(model, 'CHANGE_ROLE'),
  pickViewer: fixture(model, 'PICK_ROLE', 0),
  pickEditor: fixture(model, 'PICK_ROLE', 1),
  saveRole: fixture(model, 'SAVE_ROLE'),
  remove: fixture(model, 'REMOVE'),
  confirmRemove: fixture(model, 'CONFIRM_REMOVE'),
  cancel: fixture(model, 'CANCEL'),
};
const outcomes = {
  inviteSent: fixture(model, 'xstate.done.actor.sendInvite', 0),
  inviteRefused: fixture(model, 'xstate.done.actor.sendInvite', 1),
  inviteConflict: fixture(model, 'xstate.done.actor.sendInvite', 2),
  inviteBroken: fixture(model, 'xstate.done.actor.sendInvite', 3),
  inviteCrashed: fixture(model, 'xstate.done.actor.sendInvite', 4),
  inviteChildBroke: fixture(model, 'xstate.error.actor.sendInvite'),
  resent: fixture(model, 'xstate.done.actor.resendInvite', 0),
  resendRefused: fixture(model, 'xstate.done.actor.resendInvite', 1),
  resendFailed: fixture(model, 'xstate.done.actor.resendInvite', 2),
  roleUpdated: fixture(model, 'xstate.done.actor.updateRole', 0),
  roleRefused: fixture(model, 'xstate.done.actor.updateRole', 1),
  roleFailed: fixture(model, 'xstate.done.actor.updateRole', 2),
  removed: fixture(model, 'xstate.done.actor.removeMember', 0),
  removeRefused: fixture(model, 'xstate.done.actor.removeMember', 1),
  removeFailed: fixture(model, 'xstate.done.actor.removeMember', 2),
};

/** The machine with children whose calls never settle (paths send their outcomes) and spied side effects. */
const pending = teamMachine.provide({
  actors: {
    sendInvite: pendingMutation(),
    resendInvite: pendingMutation(),
    updateRole: pendingMutation(),
    removeMember: pendingMutation(),
  },
});
const liveModel = () => spyActions(pending, ['notify', 'teamChanged']);

/** Event types each parallel region handles. */
const regionEvents = (region: 'inviteDialog' | 'memberAction') =>
  new Set<string>(
    stateNodeIds(teamMachine)
      .filter((id) => id.startsWith(`team.${region}`))
      .flatMap((id) => teamMachine.getStateNodeById(id).ownEvents),
  );

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
      ...shortestPaths(teamMachine, model.events, { input, filterEvents: (_, event) => inviteTypes.has(event.type) }),
      ...shortestPaths(teamMachine, model.events, { input, filterEvents: (_, event) => !inviteTypes.has(event.type) }),
    ];
    expect(unreachedStateNodeIds(teamMachine, paths)).toEqual([]);
    expect(stateNodeIds(teamMachine)).toEqual(
      expect.arrayContaining([
        'team.inviteDialog.closed.sent',
        'team.inviteDialog.open.failed',
        'team.memberAction.ready.done',
        'team.memberAction.changeRole.updating',
        'team.memberAction.remove.confirming',
        'team.memberAction.remove.removing',
      ]),
    );
  });

  it('invite → sent: the shortest way is open, type a valid email, send, success', async () => {
    const inviteTypes = regionEvents('inviteDialog');
    const path = shortestPathTo(teamMachine, model.events, {
      input,
      filterEvents: (_, event) => inviteTypes.has(event.type),
      toState: (s) => s.matches({ inviteDialog: { closed: 'sent' } }),
    });
    expect(eventTypes(path)).toEqual(['OPEN_INVITE', 'INVITE_EMAIL', 'SUBMIT_INVITE', 'xstate.done.actor.sendInvite']);
    expect(path.state.context.invite).toMatchObject({ email: 'new@studio.dev', error: null });

    const { machine, spies } = liveModel();
    await replay(
      machine,
      pathOf(teamMachine, [ev.openAsAdmin, ev.emailValid, ev.submit, outcomes.inviteSent], input),
      input,
    );
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Invite sent to new@studio.dev.', kind: 'success' });
    expect(spies.teamChanged).toHaveBeenCalledWith({ workspaceId: 'ws-demo' });
  });

  it('invite → server refusal → retry → sent, the server message in the dialog and the fields kept', async () => {
    const path = pathOf(
      teamMachine,
      [
        ev.openAsAdmin,
        ev.emailValid,
        ev.roleViewer,
        ev.submit,
        outcomes.inviteConflict,
        ev.submit,
        outcomes.inviteSent,
      ],
      input,
    );
    const afterError = path.steps[5]!.state;
    expect(afterError.matches({ inviteDialog: { open: 'failed' } })).toBe(true);
    expect(afterError.context.invite).toMatchObject({
      email: 'new@studio.dev',
      role: 'viewer',
      error: 'An invite has already been sent to this email. Resend it from the team list.',
    });
    expect(path.steps[6]!.state.matches({ inviteDialog: 'sending' })).toBe(true);
    expect(path.state.matches({ inviteDialog: { closed: 'sent' } })).toBe(true);

    const { machine, spies } = liveModel();
    await replay(machine, path, input);
    expect(spies.notify).toHaveBeenCalledTimes(1);
  });

  it('every simple path to sent: those that meet a server error pass through the failed dialog and retry', () => {
    const events = [ev.openAsAdmin, ev.emailValid, ev.submit, ev.close, outcomes.inviteConflict, outcomes.inviteSent];
    const paths = simplePaths(teamMachine, events, {
      input,
      toState: (s) => s.matches({ inviteDialog: { closed: 'sent' } }),
    });
    const withError = paths.filter((p) => p.steps.some((step) => step.event === outcomes.inviteConflict));
    expect(paths.length).toBeGreaterThan(withError.length);
    expect(withError.length).toBeGreaterThan(0);
    for (const p of withError) {
      const errorAt = p.steps.findIndex((step) => step.event === outcomes.inviteConflict);
      expect(p.steps[errorAt]!.state.matches({ inviteDialog: { open: 'failed' } })).toBe(true);
      expect(p.steps.slice(errorAt + 1).map((step) => step.event.type)).toContain('SUBMIT_INVITE');
    }
  });

  it("falls back to SPEC's 'Error while inviting user.' when the failure carries no words of the server's", () => {
    const invite = (outcome: EventObject) =>
      pathOf(teamMachine, [ev.openAsAdmin, ev.emailValid, ev.submit, outcome], input).state;
    expect(invite(outcomes.inviteBroken).context.invite.error).toBe('Error while inviting user.');
    expect(invite(outcomes.inviteCrashed).context.invite.error).toBe('Error while inviting user.');
    expect(invite(outcomes.inviteChildBroke).context.invite.error).toBe('Error while inviting user.');
    expect(invite(outcomes.inviteRefused).context.invite.error).toBe('This user is already a member of the workspace.');
  });

  it('validates the email (required and valid) and the role the inviter may give before sending', () => {
    const empty = pathOf(teamMachine, [ev.openAsAdmin, ev.submit], input);
    expect(empty.state.matches({ inviteDialog: { open: 'editing' } })).toBe(true);
    expect(empty.state.context.invite.errors).toEqual({ email: 'Email is required.' });
    const invalid = pathOf(teamMachine, [ev.openAsAdmin, ev.submit, ev.emailInvalid], input);
    expect(invalid.state.context.invite.errors).toEqual({ email: 'Enter a valid email address.' });
    const editorOpens = pathOf(teamMachine, [ev.openAsEditor], input);
    expect(editorOpens.state.context.invite.role).toBe('editor');
    const editorPicksAdmin = pathOf(teamMachine, [ev.openAsEditor, ev.emailValid, ev.roleAdmin, ev.submit], input);
    expect(editorPicksAdmin.state.matches({ inviteDialog: { open: 'editing' } })).toBe(true);
    expect(editorPicksAdmin.state.context.invite.errors).toEqual({ role: 'You cannot invite with this role.' });
  });

  it('resend: resending → done with a snackbar and a refreshed list; a failure says so for 10 s', async () => {
    const [path] = shortestPaths(teamMachine, model.events, {
      input,
      filterEvents: (_, event) => event.type === 'RESEND' || event.type === 'xstate.done.actor.resendInvite',
      toState: (s) => s.matches({ memberAction: { ready: 'done' } }),
    });
    expect(eventTypes(path!)).toEqual(['RESEND', 'xstate.done.actor.resendInvite']);

    const { machine, spies } = liveModel();
    await replay(machine, pathOf(teamMachine, [ev.resend, outcomes.resent], input), input);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Invite resent to pending@demostudio.dev.', kind: 'success' });
    expect(spies.teamChanged).toHaveBeenCalledTimes(1);

    for (const outcome of [outcomes.resendFailed, outcomes.resendRefused]) {
      const failing = liveModel();
      const p = pathOf(teamMachine, [ev.resend, outcome], input);
      expect(p.state.matches({ memberAction: { ready: 'idle' } })).toBe(true);
      await replay(failing.machine, p, input);
      expect(failing.spies.notify).toHaveBeenCalledWith({
        message: 'Error while resending invite.',
        kind: 'error',
        duration: 'long',
      });
      expect(failing.spies.teamChanged).not.toHaveBeenCalled();
    }
  });

  it('change role: an unchanged role is not saved; a failure stays in the dialog with SPEC words only; a retry lands in done', async () => {
    const unchanged = pathOf(teamMachine, [ev.changeRole, ev.pickEditor], input);
    expect(() => pathOf(teamMachine, [ev.changeRole, ev.pickEditor, ev.saveRole], input)).toThrow(/SAVE_ROLE/);
    expect(unchanged.state.matches({ memberAction: { changeRole: 'choosing' } })).toBe(true);

    const path = pathOf(
      teamMachine,
      [ev.changeRole, ev.pickViewer, ev.saveRole, outcomes.roleFailed, ev.saveRole, outcomes.roleUpdated],
      input,
    );
    const afterError = path.steps[4]!.state;
    expect(afterError.matches({ memberAction: { changeRole: 'choosing' } })).toBe(true);
    expect(afterError.context).toMatchObject({ actionError: 'Error while updating role.', newRole: 'viewer' });
    expect(JSON.stringify(afterError.context)).not.toContain('A workspace needs at least one admin.');
    expect(path.state.matches({ memberAction: { ready: 'done' } })).toBe(true);
    expect(
      pathOf(teamMachine, [ev.changeRole, ev.pickViewer, ev.saveRole, outcomes.roleRefused], input).state.context
        .actionError,
    ).toBe('Error while updating role.');

    const { machine, spies } = liveModel();
    await replay(machine, path, input);
    expect(spies.teamChanged).toHaveBeenCalledTimes(1);
  });

  it('remove confirmed: confirming → removing (the child asked to go on) → done', async () => {
    const [path] = shortestPaths(teamMachine, model.events, {
      input,
      filterEvents: (_, event) => ['REMOVE', 'CONFIRM_REMOVE'].includes(event.type) || event === outcomes.removed,
      toState: (s) => s.matches({ memberAction: { ready: 'done' } }),
    });
    expect(eventTypes(path!)).toEqual(['REMOVE', 'CONFIRM_REMOVE', 'xstate.done.actor.removeMember']);
    expect(path!.steps[2]!.state.matches({ memberAction: { remove: 'removing' } })).toBe(true);

    const { machine, spies } = liveModel();
    const actor = createActor(machine, { input }).start();
    actor.send(ev.remove as never);
    expect(actor.getSnapshot().children.removeMember?.getSnapshot().value).toBe('confirming');
    actor.send(ev.confirmRemove as never);
    expect(actor.getSnapshot().children.removeMember?.getSnapshot().value, 'CONFIRM_REMOVE reached the child').toBe(
      'mutating',
    );
    await replay(machine, pathOf(teamMachine, [ev.remove, ev.confirmRemove, outcomes.removed], input), input);
    expect(spies.notify).toHaveBeenCalledWith({
      message: 'editor@demostudio.dev was removed from the team.',
      kind: 'success',
    });
    expect(spies.teamChanged).toHaveBeenCalledWith({ workspaceId: 'ws-demo' });
    actor.stop();
  });

  it('remove cancelled: back to idle, nothing sent', async () => {
    const path = pathOf(teamMachine, [ev.remove, ev.cancel], input);
    expect(path.steps[1]!.state.matches({ memberAction: { remove: 'confirming' } })).toBe(true);
    expect(path.state.matches({ memberAction: { ready: 'idle' } })).toBe(true);
    // The child answers only once confirmed: nothing it could say moves the dialog before CONFIRM_REMOVE.
    const confirming = path.steps[1]!.state;
    for (const outcome of [outcomes.removed, outcomes.removeFailed]) expect(confirming.can(outcome)).toBe(false);
    const { machine, spies } = liveModel();
    const actor = await replay(machine, path, input);
    expect(actor.getSnapshot().children.removeMember).toBeUndefined();
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.teamChanged).not.toHaveBeenCalled();
  });

  it('remove failed: the confirmation asks again with the SPEC message', () => {
    for (const outcome of [outcomes.removeFailed, outcomes.removeRefused]) {
      const path = pathOf(teamMachine, [ev.remove, ev.confirmRemove, outcome], input);
      expect(path.state.matches({ memberAction: { remove: 'confirming' } })).toBe(true);
      expect(path.state.context.actionError).toBe('Error while removing from team.');
    }
  });
});

describe('team machine with its real children: a 500 shows SPEC words, never the server text', () => {
  type Calls = Parameters<typeof teamMachine.provide>[0]['actors'];
  const never = () => new Promise<SuccessMessage>(() => {});
  const crash = async (): Promise<SuccessMessage> => {
    throw apiError(500, 'Something went wrong. Please try again later.', 'internal');
  };
  /** A proxy in front of the server answered 500 with an HTML page: http.ts makes 'Request failed (500).' of it. */
  const bare500 = async (): Promise<SuccessMessage> => {
    throw apiError(500, 'Request failed (500).');
  };

  function start(calls: {
    invite?: () => Promise<SuccessMessage>;
    resend?: () => Promise<SuccessMessage>;
    role?: () => Promise<SuccessMessage>;
    remove?: () => Promise<SuccessMessage>;
  }) {
    const actors: Calls = {
      sendInvite: mutation(calls.invite ?? never),
      resendInvite: mutation(calls.resend ?? never),
      updateRole: mutation(calls.role ?? never),
      removeMember: mutation(calls.remove ?? never),
    };
    const { machine, spies } = spyActions(teamMachine.provide({ actors }), ['notify', 'teamChanged']);
    return { actor: createActor(machine, { input }).start(), spies };
  }

  for (const [name, call] of [
    ['a crash', crash],
    ["a proxy's bare 500", bare500],
  ] as const) {
    it(`invite: ${name} → 'Error while inviting user.' in the dialog`, async () => {
      const { actor } = start({ invite: call });
      for (const event of [ev.openAsAdmin, ev.emailValid, ev.submit]) actor.send(event as never);
      const s = await waitFor(actor, (x) => x.matches({ inviteDialog: { open: 'failed' } }));
      expect(s.context.invite.error).toBe('Error while inviting user.');
    });
  }

  it("invite: a 409 refusal shows the server's invite error message (docs/team.md §Messages)", async () => {
    const { actor } = start({
      invite: async () => {
        throw apiError(409, 'An invite has already been sent to this email. Resend it from the team list.', 'conflict');
      },
    });
    for (const event of [ev.openAsAdmin, ev.emailValid, ev.submit]) actor.send(event as never);
    const s = await waitFor(actor, (x) => x.matches({ inviteDialog: { open: 'failed' } }));
    expect(s.context.invite.error).toBe('An invite has already been sent to this email. Resend it from the team list.');
  });

  it("resend: a 500 → the snackbar 'Error while resending invite.'", async () => {
    const { actor, spies } = start({ resend: crash });
    actor.send(ev.resend as never);
    await waitFor(actor, (x) => x.matches({ memberAction: { ready: 'idle' } }));
    expect(spies.notify.mock.calls.map(([n]) => n.message)).toEqual(['Error while resending invite.']);
  });

  it("change role: a 500 → 'Error while updating role.' in the dialog", async () => {
    const { actor } = start({ role: crash });
    for (const event of [ev.changeRole, ev.pickViewer, ev.saveRole]) actor.send(event as never);
    const s = await waitFor(
      actor,
      (x) => x.matches({ memberAction: { changeRole: 'choosing' } }) && x.context.actionError !== null,
    );
    expect(s.context.actionError).toBe('Error while updating role.');
  });

  it("remove: a 500 → 'Error while removing from team.' and the confirmation asks again", async () => {
    const { actor, spies } = start({ remove: crash });
    actor.send(ev.remove as never);
    actor.send(ev.confirmRemove as never);
    const s = await waitFor(actor, (x) => x.context.actionError !== null);
    expect(s.matches({ memberAction: { remove: 'confirming' } })).toBe(true);
    expect(s.context.actionError).toBe('Error while removing from team.');
    expect(s.children.removeMember?.getSnapshot().value, 'a fresh child asks again').toBe('confirming');
    expect(spies.teamChanged).not.toHaveBeenCalled();
  });

  it('remove: a success refreshes the team once', async () => {
    const removeFromTeam = vi.fn(async () => ok('Removed.'));
    const { actor, spies } = start({ remove: removeFromTeam });
    actor.send(ev.remove as never);
    expect(removeFromTeam).not.toHaveBeenCalled();
    actor.send(ev.confirmRemove as never);
    await waitFor(actor, (x) => x.matches({ memberAction: { ready: 'done' } }));
    expect(removeFromTeam).toHaveBeenCalledTimes(1);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Removed.', kind: 'success' });
    expect(spies.teamChanged).toHaveBeenCalledTimes(1);
  });
});
