/**
 * The Configure Connection dialog (docs/integrations.md §Screens and routes, §Plugin states, §Rules and limits, §Roles, §Messages): the three authentication types, the credential and GCP
 * project, 'write results back' with the GCP project name, the service-account upload (admins, application/json),
 * the IAM permission table with its badges and 'Some required IAM permissions are missing.', and Save, disabled by
 * the docs/integrations.md §Plugin states rules (the reason is shown). Labelled "Sandbox" when the Google Cloud sandbox answers.
 */
import { useSelector } from '@xstate/react';
import { ACCESS_GRANTED, NO_ACCESS } from '../../contracts/integrations';
import type {
  AuthType,
  ConfigureConnectionActor,
} from '../../machines/configure-connection/configure-connection.machine';
import {
  selectConnectionDialog,
  configureConnectionActions,
} from '../../machines/configure-connection/configure-connection.selectors';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { useActions } from '../flows/useActions';

const AUTH_TYPES: { value: AuthType; label: string; hint: string }[] = [
  { value: 'USER_OAUTH', label: 'Google account', hint: 'Sign in with a Google account that can read the export.' },
  {
    value: 'ORG_SERVICE_ACCOUNT',
    label: 'Workspace service account',
    hint: 'Upload a service-account key (JSON) of your project. Admins only.',
  },
  {
    value: 'TP_SERVICE_ACCOUNT',
    label: 'Questboard service account',
    hint: 'Grant the roles below to our service account in your project. Admins only.',
  },
];

export function ConfigureConnectionDialog({ actor }: { actor: ConfigureConnectionActor }) {
  const view = useSelector(actor, selectConnectionDialog);
  const actions = useActions(actor, configureConnectionActions);
  const close = () => actions.close();
  return (
    <Modal
      open={view.open}
      title="Configure Connection"
      onClose={close}
      busy={view.busy}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={view.busy}>
            Cancel
          </Button>
          <span title={view.saveBlocker ?? undefined} className="inline-flex">
            <Button onClick={actions.save} busy={view.saving} disabled={view.loading || !!view.saveBlocker}>
              Save
            </Button>
          </span>
        </>
      }
    >
      {view.loading ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="size-7" label="Loading credentials" />
        </div>
      ) : (
        <div className="space-y-5 text-sm">
          {view.sandbox && (
            <p className="rounded-lg bg-sky-50 px-3 py-2 text-sky-900 ring-1 ring-sky-200">
              <span className="mr-2 rounded bg-sky-800 px-1.5 py-0.5 text-xs font-bold uppercase text-white">
                Sandbox
              </span>
              Google Cloud is simulated on this server: projects, apps and roles are demo data. Accounts whose name
              contains "limited" lack a role, so the warnings can be seen.
            </p>
          )}
          <fieldset>
            <legend className="font-semibold text-slate-900">Authentication</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {AUTH_TYPES.map((t) => (
                <label
                  key={t.value}
                  className={`flex cursor-pointer flex-col rounded-xl p-3 ring-1 ${view.authType === t.value ? 'bg-indigo-50 ring-indigo-500' : 'ring-slate-200'}`}
                >
                  <span className="flex items-center gap-2 font-medium text-slate-900">
                    <input
                      type="radio"
                      name="auth-type"
                      value={t.value}
                      checked={view.authType === t.value}
                      disabled={view.busy}
                      onChange={() => actions.setAuth(t.value)}
                    />
                    {t.label}
                  </span>
                  <span className="mt-1 text-xs text-slate-600">{t.hint}</span>
                </label>
              ))}
            </div>
          </fieldset>

          {view.authType === 'USER_OAUTH' && (
            <div className="flex flex-wrap items-end gap-3">
              {view.credentials.length > 0 && <CredentialSelect view={view} actor={actor} />}
              <Button variant="secondary" onClick={actions.signIn} disabled={view.busy}>
                Sign in with Google
              </Button>
            </div>
          )}
          {view.authType === 'ORG_SERVICE_ACCOUNT' && (
            <div className="space-y-3">
              {view.credentials.length > 0 && <CredentialSelect view={view} actor={actor} />}
              <div className="flex flex-wrap items-end gap-3">
                <label className="block font-medium text-slate-700">
                  Service account key (JSON)
                  <input
                    type="file"
                    accept="application/json,.json"
                    disabled={!view.isAdmin || view.busy}
                    aria-invalid={view.fileError ? true : undefined}
                    aria-describedby={view.fileError ? 'key-file-error' : undefined}
                    onChange={(e) => actions.pickFile(e.target.files?.[0] ?? null)}
                    className="mt-1 block text-sm"
                  />
                </label>
                <Button
                  variant="secondary"
                  busy={view.uploading}
                  disabled={!view.isAdmin || !view.fileName}
                  title={view.isAdmin ? undefined : 'Only admins can upload credentials.'}
                  onClick={actions.upload}
                >
                  Upload Credentials
                </Button>
              </div>
              {view.fileError && (
                <p id="key-file-error" role="alert" className="text-sm text-red-700">
                  {view.fileError}
                </p>
              )}
            </div>
          )}
          {view.authType === 'TP_SERVICE_ACCOUNT' && (
            <p className="text-slate-700">
              Service account:{' '}
              <span className="font-mono text-xs" data-testid="product-service-account">
                {view.credentialEmail}
              </span>
              {!view.credentialId && ' (created when you save)'}
            </p>
          )}

          {view.projects.length > 0 && (
            <label className="block font-medium text-slate-700">
              GCP Project
              <select
                value={view.project ?? ''}
                onChange={(e) => actions.setProject(e.target.value)}
                disabled={view.busy}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
              >
                {view.projects.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
          )}

          <div className="space-y-2">
            <label className="inline-flex items-center gap-2 font-medium text-slate-700">
              <input
                type="checkbox"
                checked={view.writeBack}
                onChange={(e) => actions.setWriteBack(e.target.checked)}
                disabled={view.busy}
              />
              Write results back to my GCP project
            </label>
            {view.writeBack && (
              <TextField
                label="GCP project name"
                value={view.projectName}
                maxLength={100}
                error={view.projectNameError ?? undefined}
                onChange={(e) => actions.setProjectName(e.target.value)}
              />
            )}
          </div>

          {view.rows.length > 0 && (
            <div>
              <table className="w-full text-left">
                <caption className="pb-2 text-left font-semibold text-slate-900">IAM permissions</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1.5">
                      Role
                    </th>
                    <th scope="col" className="py-1.5">
                      Access
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.rows.map((row) => (
                    <tr key={row.label} className="border-b border-slate-100">
                      <td className="py-1.5 text-slate-800">{row.label}</td>
                      <td className="py-1.5">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${row.granted ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' : 'bg-rose-50 text-rose-800 ring-rose-600/30'}`}
                        >
                          {row.granted ? ACCESS_GRANTED : NO_ACCESS}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {view.missingNote && (
                <p role="alert" className="mt-2 text-rose-700">
                  {view.missingNote}
                </p>
              )}
            </div>
          )}
          {view.saveBlocker && !view.busy && !view.missingNote && (
            <p className="text-xs text-slate-600" data-testid="save-blocker">
              {view.saveBlocker}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

function CredentialSelect({
  view,
  actor,
}: {
  view: ReturnType<typeof selectConnectionDialog>;
  actor: ConfigureConnectionActor;
}) {
  const actions = useActions(actor, configureConnectionActions);
  return (
    <label className="block font-medium text-slate-700">
      Credential
      <select
        value={view.credentialId ?? ''}
        onChange={(e) => actions.setCredential(e.target.value)}
        disabled={view.busy}
        className="mt-1 block w-full min-w-64 rounded-lg border border-slate-300 px-3 py-2"
      >
        {!view.credentialId && <option value="">Choose a credential</option>}
        {view.credentials.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name ? `${c.name} (${c.authenticatedEntity.email})` : c.authenticatedEntity.email}
          </option>
        ))}
      </select>
    </label>
  );
}
