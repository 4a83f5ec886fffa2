/**
 * The team (invitation) flow's table (src/machines/team/team.machine.ts, src/views/team/*; docs/team.md §Member states invitation, §Rules and limits
 * invite, §Roles roles, §Messages team messages): each event → what the admin does on /workspace/demo-studio/team, each state →
 * what the page shows. Payloads name symbolic people (`*@paths.invalid`); every test makes its own throwaway people
 * (a pending invite, a joined editor, a fresh address to invite) and acts on them only, so the seeded team stays as
 * the other specs expect it. Calls are held from the step that sends them, then answered by the real server, or
 * refused (`success: false`) or crashed (500) through Playwright routes.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { teamMachine, type MemberRef, type TeamContext, type TeamEvent } from '../../../src/machines/team/team.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { validateInvite } from '../../../src/machines/team/invite-form';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { acceptInviteByApi, inviteByApi } from '../pages/invite.page';
import { inviteLinkFor } from '../pages/mailbox';
import { DEMO_WORKSPACE, uniqueEmail } from '../pages/demo';
import { ROLE_LABELS, TeamPage } from '../pages/team.page';
import { Modal } from '../pages/modal';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type StateCheck, type Ui } from './driver';

// Symbolic people of the payloads; each test maps them to its own throwaway ones.
const INVITEE = 'invitee@paths.invalid';
const PENDING = 'pending@paths.invalid';
const MEMBER = 'member@paths.invalid';

interface TeamUi extends Ui {
  team: TeamPage;
  /** The real address of a symbolic one (any other value, e.g. a typo the path types, is itself). */
  real(email: string): string;
}

const pending: MemberRef = { accountId: 'invite:pending', email: PENDING, name: null, role: 'editor', pending: true };
const member: MemberRef = { accountId: 'member', email: MEMBER, name: 'Path Member', role: 'editor', pending: false };

const ok = (message: string) => ({ status: 'done', answer: { success: true, message } }) as MutationOutcome;
const refused = (message?: string) =>
  ({ status: 'failed', answer: { success: false, message }, error: null }) as MutationOutcome;

/** docs/team.md §Messages: the server's invite error message is shown as it is; this one is real server copy (server/areas/team/team.ts). */
const ALREADY_MEMBER = 'This user is already a member of the workspace.';

const E = {
  open: { type: 'OPEN_INVITE', roles: ['admin', 'editor', 'viewer'] },
  emailValid: { type: 'INVITE_EMAIL', value: INVITEE },
  roleViewer: { type: 'INVITE_ROLE', role: 'viewer' },
  submit: { type: 'SUBMIT_INVITE' },
  close: { type: 'CLOSE_INVITE' },
  inviteSent: doneEvent('sendInvite', ok('Invite sent.')),
  inviteRefused: doneEvent('sendInvite', refused(ALREADY_MEMBER)),
  inviteCrashed: crashEvent('sendInvite'),
  resend: { type: 'RESEND', member: pending },
  resent: doneEvent('resendInvite', ok('Invite resent.')),
  resendRefused: doneEvent('resendInvite', refused()),
  resendCrashed: crashEvent('resendInvite'),
  changeRole: { type: 'CHANGE_ROLE', member },
  pickViewer: { type: 'PICK_ROLE', role: 'viewer' },
  saveRole: { type: 'SAVE_ROLE' },
  roleUpdated: doneEvent('updateRole', ok('Role updated.')),
  roleRefused: doneEvent('updateRole', refused()),
  roleCrashed: crashEvent('updateRole'),
  remove: { type: 'REMOVE', member },
  confirmRemove: { type: 'CONFIRM_REMOVE' },
  cancel: { type: 'CANCEL' },
  removed: doneEvent('removeMember', ok('Removed.')),
  removeRefused: doneEvent('removeMember', refused()),
  removeCrashed: crashEvent('removeMember'),
};

const inviteEvents = [E.open, E.emailValid, E.submit, E.close, E.inviteSent, E.inviteRefused];
const memberEvents = [
  E.resend,
  E.resent,
  E.changeRole,
  E.pickViewer,
  E.saveRole,
  E.roleUpdated,
  E.remove,
  E.confirmRemove,
  E.cancel,
  E.removed,
];

type Ev<K extends TeamEvent['type']> = Extract<TeamEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as TeamContext;
const api = (path: string) => new RegExp(`/api/workspace/${DEMO_WORKSPACE.id}/team/${path}$`);
/** A call's outcome: success → the real server; a refusal → `success: false`; an error event → a 500. */
const teamOutcome = (path: string) =>
  outcome<TeamUi>(
    { method: 'POST', url: api(path) },
    (event) => {
      if (event.type.startsWith('xstate.error.')) return answers.crash;
      const output = (event as EventObject & { output: MutationOutcome }).output;
      return output.status === 'done'
        ? answers.server
        : answers.refused(output.status === 'failed' ? output.answer?.message : undefined);
    },
    (event) => {
      const id = event.type.split('.').pop();
      if (event.type.startsWith('xstate.error.')) return `${id} 500`;
      return (event as EventObject & { output: MutationOutcome }).output.status === 'done'
        ? `${id} ✓`
        : `${id} refused`;
    },
  );

const inviteDialog = (page: Page) => new Modal(page, 'Invite to team');
const roleDialog = (page: Page) => new Modal(page, 'Change role');
const removeDialog = (page: Page) => new Modal(page, 'Remove from team');

async function rowAction(ui: TeamUi, email: string, item: 'Resend invite' | 'Change role' | 'Remove from team') {
  await ui.team.openRowMenu(ui.real(email));
  await ui.page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The dialog's own alert: the docs/team.md §Messages message the machine predicts, or none. */
async function expectAlert(dialog: Modal, message: string | null) {
  if (message) await expect(dialog.root.getByRole('alert')).toHaveText(message);
  else await expect(dialog.root.getByRole('alert')).toHaveCount(0);
}

const inviteEditing: StateCheck<TeamUi> = async (ui, state) => {
  const dialog = inviteDialog(ui.page);
  await dialog.expectOpen();
  const { invite } = ctx(state);
  await expect(dialog.root.getByLabel('Email', { exact: true })).toHaveValue(ui.real(invite.email));
  await expect(dialog.root.getByLabel('Role', { exact: true })).toHaveValue(invite.role);
  for (const message of Object.values(invite.errors))
    if (message) await expect(dialog.root.getByText(message, { exact: true })).toBeVisible();
  if (!invite.errors.email)
    await expect(dialog.root.getByLabel('Email', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.root.getByRole('button', { name: 'Send invite', exact: true })).toBeEnabled();
};

export const teamTable: FlowTable<TeamUi> = {
  flow: 'team',
  machine: teamMachine,
  // What the page can tell apart, coarsely: the states, whether the invite form would send, whether Save would.
  // Failures and their words are walked by the two journeys.
  serialize: (state) => {
    const c = ctx(state);
    return JSON.stringify([
      state.value,
      Object.keys(validateInvite(c.invite)).length === 0,
      c.member !== null && c.newRole !== c.member.role,
    ]);
  },
  async setup(page, events) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const people: Record<string, string> = {
      [INVITEE]: uniqueEmail('paths-invitee'),
      [PENDING]: uniqueEmail('paths-pending'),
      [MEMBER]: uniqueEmail('paths-member'),
    };
    const acts = new Set(events.map((event) => event.type));
    // Only the people this path acts on: a pending invite to resend, a joined editor to change or remove.
    if (acts.has('RESEND')) await inviteByApi(page.request, token, DEMO_WORKSPACE.id, people[PENDING]!, 'editor');
    if (acts.has('CHANGE_ROLE') || acts.has('REMOVE')) {
      await inviteByApi(page.request, token, DEMO_WORKSPACE.id, people[MEMBER]!, 'editor');
      await acceptInviteByApi(page.request, await inviteLinkFor(people[MEMBER]!), {
        firstName: 'Path',
        lastName: 'Member',
        password: 'paths-member-1',
      });
    }
    const team = new TeamPage(page);
    return { page, team, real: (email) => people[email] ?? email };
  },
  traversals: [
    {
      name: 'invite',
      kind: 'shortest',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.team.goto(),
      events: inviteEvents,
    },
    {
      // Validation first; then a crash and a refusal keep every field (the role picked too), each with its words;
      // the retry is sent and lands in the list.
      name: 'invite journey',
      kind: 'journey',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.team.goto(),
      events: [
        E.open,
        E.submit,
        E.emailValid,
        E.roleViewer,
        E.submit,
        E.inviteCrashed,
        E.submit,
        E.inviteRefused,
        E.submit,
        E.inviteSent,
      ],
    },
    {
      name: 'member actions',
      kind: 'shortest',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.team.goto(),
      events: memberEvents,
    },
    {
      // Each member call refused and crashed: SPEC's words in place (a snackbar, or the dialog asking again); each
      // is retried and succeeds.
      name: 'member calls fail, then succeed',
      kind: 'journey',
      input: { workspaceId: DEMO_WORKSPACE.id },
      open: (ui) => ui.team.goto(),
      events: [
        E.resend,
        E.resendRefused,
        E.resend,
        E.resendCrashed,
        E.resend,
        E.resent,
        E.changeRole,
        E.pickViewer,
        E.saveRole,
        E.roleRefused,
        E.saveRole,
        E.roleCrashed,
        E.cancel,
        E.changeRole,
        E.pickViewer,
        E.saveRole,
        E.roleUpdated,
        E.remove,
        E.confirmRemove,
        E.removeRefused,
        E.confirmRemove,
        E.removeCrashed,
        E.confirmRemove,
        E.removed,
      ],
    },
  ],
  events: {
    OPEN_INVITE: { act: (ui) => ui.team.openInviteDialog().then(() => undefined) },
    INVITE_EMAIL: {
      act: (ui, event: Ev<'INVITE_EMAIL'>) =>
        inviteDialog(ui.page).root.getByLabel('Email', { exact: true }).fill(ui.real(event.value)),
    },
    INVITE_ROLE: {
      act: (ui, event: Ev<'INVITE_ROLE'>) =>
        inviteDialog(ui.page)
          .root.getByLabel('Role', { exact: true })
          .selectOption(event.role)
          .then(() => undefined),
    },
    SUBMIT_INVITE: {
      act: (ui) => inviteDialog(ui.page).root.getByRole('button', { name: 'Send invite', exact: true }).click(),
    },
    CLOSE_INVITE: {
      act: (ui) => inviteDialog(ui.page).root.getByRole('button', { name: 'Cancel', exact: true }).click(),
    },
    RESEND: { act: (ui, event: Ev<'RESEND'>) => rowAction(ui, event.member.email, 'Resend invite') },
    CHANGE_ROLE: { act: (ui, event: Ev<'CHANGE_ROLE'>) => rowAction(ui, event.member.email, 'Change role') },
    PICK_ROLE: {
      act: (ui, event: Ev<'PICK_ROLE'>) =>
        roleDialog(ui.page)
          .root.getByRole('radio', { name: new RegExp(`^${ROLE_LABELS[event.role]}\\b`) })
          .check(),
    },
    SAVE_ROLE: { act: (ui) => roleDialog(ui.page).root.getByRole('button', { name: 'Save', exact: true }).click() },
    REMOVE: { act: (ui, event: Ev<'REMOVE'>) => rowAction(ui, event.member.email, 'Remove from team') },
    CONFIRM_REMOVE: {
      act: (ui) => removeDialog(ui.page).root.getByRole('button', { name: 'Remove', exact: true }).click(),
    },
    CANCEL: { act: (ui) => ui.page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.sendInvite': teamOutcome('invite'),
    'xstate.error.actor.sendInvite': teamOutcome('invite'),
    'xstate.done.actor.resendInvite': teamOutcome('resend'),
    'xstate.error.actor.resendInvite': teamOutcome('resend'),
    'xstate.done.actor.updateRole': teamOutcome('role'),
    'xstate.error.actor.updateRole': teamOutcome('role'),
    'xstate.done.actor.removeMember': teamOutcome('remove'),
    'xstate.error.actor.removeMember': teamOutcome('remove'),
  },
  states: {
    'team.inviteDialog.closed.idle': async (ui) => {
      await inviteDialog(ui.page).expectClosed();
      // (another dialog may be open: the page behind it is hidden from the accessibility tree, not gone)
      await expect(ui.page.getByRole('button', { name: 'Invite', exact: true, includeHidden: true })).toBeEnabled();
    },
    'team.inviteDialog.closed.sent': async (ui, state) => {
      await inviteDialog(ui.page).expectClosed();
      const row = ui.team.row(ui.real(ctx(state).invite.email));
      await expect(row.getByText('Invite Sent', { exact: true })).toBeVisible();
      await expect(row.getByText(ROLE_LABELS[ctx(state).invite.role], { exact: true })).toBeVisible();
    },
    'team.inviteDialog.open.editing': async (ui, state) => {
      await inviteEditing(ui, state, { type: '' });
      await expectAlert(inviteDialog(ui.page), ctx(state).invite.error);
    },
    'team.inviteDialog.open.failed': async (ui, state) => {
      await inviteEditing(ui, state, { type: '' });
      await expectAlert(inviteDialog(ui.page), ctx(state).invite.error);
    },
    'team.inviteDialog.sending': async (ui) => {
      const dialog = inviteDialog(ui.page);
      await dialog.expectOpen();
      await expect(dialog.root.getByRole('button', { name: 'Send invite', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(dialog.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
    'team.memberAction.ready.idle': async (ui) => {
      await roleDialog(ui.page).expectClosed();
      await removeDialog(ui.page).expectClosed();
      await expect(ui.page.getByRole('button', { name: /^Actions for /, includeHidden: true }).first()).toBeEnabled();
    },
    'team.memberAction.ready.done': async (ui, state, via) => {
      await roleDialog(ui.page).expectClosed();
      await removeDialog(ui.page).expectClosed();
      const { member: who, newRole } = ctx(state);
      const email = ui.real(who!.email);
      if (via.type === 'xstate.done.actor.removeMember') await expect(ui.team.row(email)).toHaveCount(0);
      else if (via.type === 'xstate.done.actor.updateRole')
        await expect(ui.team.row(email).getByText(ROLE_LABELS[newRole], { exact: true })).toBeVisible();
      else await expect(ui.team.row(email).getByText('Invite Sent', { exact: true })).toBeVisible();
    },
    'team.memberAction.resending': async (ui) => {
      await expect(ui.page.getByRole('status', { name: 'Resending invite' })).toBeVisible();
      // Every row menu waits meanwhile.
      await expect(ui.page.locator('button[aria-label^="Actions for "]:enabled')).toHaveCount(0);
      await expect(ui.team.rowMenuButtons.first()).toBeDisabled();
    },
    'team.memberAction.changeRole.choosing': async (ui, state) => {
      const dialog = roleDialog(ui.page);
      await dialog.expectOpen();
      await expect(
        dialog.root.getByRole('radio', { name: new RegExp(`^${ROLE_LABELS[ctx(state).newRole]}\\b`) }),
      ).toBeChecked();
      await expectAlert(dialog, ctx(state).actionError);
      const save = dialog.root.getByRole('button', { name: 'Save', exact: true });
      if (ctx(state).newRole === ctx(state).member?.role) await expect(save).toBeDisabled();
      else await expect(save).toBeEnabled();
    },
    'team.memberAction.changeRole.updating': async (ui) => {
      await expect(roleDialog(ui.page).root.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'team.memberAction.remove.confirming': async (ui, state) => {
      const dialog = removeDialog(ui.page);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText(ctx(state).member!.name ?? ui.real(ctx(state).member!.email));
      await expectAlert(dialog, ctx(state).actionError);
      await expect(dialog.root.getByRole('button', { name: 'Remove', exact: true })).toBeEnabled();
    },
    'team.memberAction.remove.removing': async (ui) => {
      await expect(removeDialog(ui.page).root.getByRole('button', { name: 'Remove', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  },
  timeout: 90_000,
};
