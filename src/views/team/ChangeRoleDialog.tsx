/** Change role (admins only, docs/team.md §Roles): pick a role, Save; a failure shows 'Error while updating role.' in the dialog. */
import { useSelector } from '@xstate/react';
import { roleLabel, type Role } from '../../contracts/codecs';
import type { TeamActor } from '../../machines/team/team.machine';
import { selectRoleDialog, teamActions } from '../../machines/team/team.selectors';
import { FormModal } from '../ui/FormModal';
import { ROLE_DESCRIPTIONS } from './roleCopy';
import { useActions } from '../flows/useActions';

const ROLES: Role[] = ['admin', 'editor', 'viewer'];

export function ChangeRoleDialog({ actor }: { actor: TeamActor }) {
  const view = useSelector(actor, selectRoleDialog);
  const actions = useActions(actor, teamActions);
  const cancel = actions.cancel;
  const who = view.member?.name ?? view.member?.email ?? '';
  return (
    <FormModal
      open={view.open}
      title="Change role"
      onClose={cancel}
      onSubmit={actions.saveRole}
      submitLabel="Save"
      busy={view.busy}
      submitDisabled={!view.canSave}
    >
      <fieldset>
        <legend className="text-sm text-slate-600">
          Choose the role of <span className="font-medium text-slate-900">{who}</span>.
        </legend>
        <div className="mt-4 space-y-2">
          {ROLES.map((role) => (
            <label
              key={role}
              className={`flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 transition ${view.role === role ? 'bg-indigo-50/60 ring-indigo-300' : 'ring-slate-200 hover:bg-slate-50'}`}
            >
              <input
                type="radio"
                name="role"
                value={role}
                checked={view.role === role}
                autoFocus={view.member?.role === role}
                disabled={view.busy}
                onChange={() => actions.pickRole(role)}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">
                  {roleLabel(role)}
                  {view.member?.role === role && (
                    <span className="ml-2 text-xs font-normal text-slate-600">(current)</span>
                  )}
                </span>
                <span className="block text-xs text-slate-600">{ROLE_DESCRIPTIONS[role]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {view.error && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </FormModal>
  );
}
