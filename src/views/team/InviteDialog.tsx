/**
 * The invite dialog (docs/team.md §Rules and limits invite: email required and valid, role default admin; §Messages: the server's error in red
 * in the dialog). Admins may pick any role; editors only editor or viewer (the machine holds the allowed roles).
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Role, roleLabel } from '../../contracts/codecs';
import type { TeamActor } from '../../machines/team/team.machine';
import { selectInviteDialog, teamActions } from '../../machines/team/team.selectors';
import { FormModal } from '../ui/FormModal';
import { TextField } from '../ui/TextField';
import { ROLE_DESCRIPTIONS } from './roleCopy';
import { useActions } from '../flows/useActions';

export function InviteDialog({ actor }: { actor: TeamActor }) {
  const view = useSelector(actor, selectInviteDialog);
  const actions = useActions(actor, teamActions);
  const roleId = useId();
  const close = actions.closeInvite;
  return (
    <FormModal
      open={view.open}
      title="Invite to team"
      onClose={close}
      onSubmit={actions.submitInvite}
      submitLabel="Send invite"
      busy={view.busy}
      className="space-y-4"
    >
      <p className="text-sm text-slate-600">We will email them a link to join. The link expires in 5 days.</p>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="name@studio.com"
        value={view.email}
        onChange={(e) => actions.typeInviteEmail(e.target.value)}
        error={view.errors.email}
        readOnly={view.busy}
        autoFocus
      />
      <div>
        <label htmlFor={roleId} className="block text-sm font-medium text-slate-700">
          Role
        </label>
        <select
          id={roleId}
          value={view.role}
          disabled={view.busy}
          aria-describedby={`${roleId}-hint`}
          onChange={(e) => {
            const role = e.target.value;
            if (Role.is(role)) actions.pickInviteRole(role);
          }}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100"
        >
          {view.roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
        <p id={`${roleId}-hint`} className="mt-1 text-xs text-slate-500">
          {view.errors.role ? <span className="text-rose-600">{view.errors.role}</span> : ROLE_DESCRIPTIONS[view.role]}
        </p>
      </div>
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </FormModal>
  );
}
