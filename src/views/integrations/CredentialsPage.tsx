/**
 * /integrations/credentials (docs/integrations.md §Credentials): the workspace's Google Cloud credentials, shared by
 * the plugins of all its apps, each with the plugins using it, its last use, who added it and when, and its last check;
 * Refresh (editors and admins), Rename and Revoke (admins; a refusal names the plugins still using it). The flow is
 * the credentials machine (src/machines/credentials); this view only shows its view model.
 */
import { useId } from 'react';
import { useParams } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { credentialsFlow } from '../../machines/credentials/credentials.actors';
import { credentialsActions, selectCredentials } from '../../machines/credentials/credentials.selectors';
import { CREDENTIAL_MESSAGES } from '../../contracts/credentials';
import { usePlugins } from '../../services/integrations.queries';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormModal } from '../ui/FormModal';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { IntegrationsTabs } from './IntegrationsTabs';

type View = ReturnType<typeof selectCredentials>;
type Actions = ReturnType<typeof credentialsActions>;
type Row = View['credentials'][number];

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function CredentialCard({
  credential,
  busy,
  act,
  refreshDenied,
  manageDenied,
}: {
  credential: Row;
  busy: boolean;
  act: Actions;
  refreshDenied: string | null;
  manageDenied: string | null;
}) {
  const headingId = useId();
  const check = credential.lastCheck;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {credential.name}
          </h2>
          <p className="mt-0.5 text-xs break-all text-slate-600">
            {credential.kindLabel} · {credential.email}
            {credential.projectId ? ` · project ${credential.projectId}` : ''}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${credential.usedBy.length > 0 ? 'bg-indigo-100 text-indigo-800' : 'bg-slate-100 text-slate-700'}`}
        >
          {credential.usedBy.length > 0
            ? `Used by ${credential.usedBy.length} plugin${credential.usedBy.length === 1 ? '' : 's'}`
            : 'Not used'}
        </span>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Used by">
          {credential.usedByNames.length === 0 ? (
            'No plugin'
          ) : (
            <ul className="space-y-0.5">
              {credential.usedByNames.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term="Last used">{credential.lastUsedLabel}</Fact>
        <Fact term="Added">{credential.addedLabel}</Fact>
        <Fact term="Last check">
          <span className={check ? (check.ok ? 'text-emerald-700' : 'text-rose-700') : undefined}>
            {credential.checkLabel}
          </span>
          {check && <span className="block text-xs text-slate-600">{check.message}</span>}
        </Fact>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy}
          busy={credential.refreshing}
          deniedReason={refreshDenied}
          onClick={() => act.refresh(credential.id)}
          aria-label={`Refresh ${credential.name}`}
        >
          Refresh
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          deniedReason={manageDenied}
          onClick={() => act.rename(credential.id)}
          aria-label={`Rename ${credential.name}`}
        >
          Rename
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          deniedReason={manageDenied}
          onClick={() => act.revoke(credential.id)}
          aria-label={`Revoke ${credential.name}`}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}

export default function CredentialsPage() {
  const { workspaceId = '', appId = '' } = useParams<{ workspaceId?: string; appId?: string }>();
  const workspace = useCurrentWorkspace();
  const role = workspace?.role ?? 'viewer';
  const plugins = usePlugins(appId);
  const actor = useFlowActor(credentialsFlow, { workspaceId }, { key: `credentials:${workspaceId}` });
  const view = useSelector(actor, selectCredentials);
  const act = useActions(actor, credentialsActions);
  const refreshDenied = viewerDenied(role);
  const manageDenied = refreshDenied ?? (role === 'admin' ? null : CREDENTIAL_MESSAGES.adminsOnly);

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">Integrations</h1>
      <IntegrationsTabs
        workspaceId={workspaceId}
        appId={appId}
        plugins={plugins.data?.plugins ?? []}
        current="Credentials"
      />
      <div className="mt-6">
        <p className="text-sm text-slate-600">
          The Google Cloud credentials of {workspace?.name ?? 'this workspace'}, shared by the plugins of all its apps.
          Refresh checks one with Google Cloud now. A credential a plugin uses cannot be revoked.
        </p>
        <div aria-live="polite" className="mt-2 min-h-5 text-sm">
          {view.notice && (
            <p className={view.notice.kind === 'success' ? 'text-emerald-700' : 'text-amber-800'}>{view.notice.text}</p>
          )}
        </div>
        {view.error && (
          <p role="alert" className="mb-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {view.error}
          </p>
        )}
        {view.loading ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner label="Loading the credentials" /> Loading the credentials…
          </p>
        ) : view.failed ? (
          <div role="alert" className="rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center">
            <p className="text-sm text-slate-700">{view.loadError}</p>
            <Button variant="secondary" className="mt-3" onClick={act.retry}>
              Try again
            </Button>
          </div>
        ) : view.credentials.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
            <p className="font-semibold text-slate-900">No credentials yet.</p>
            <p className="mt-1 text-sm text-slate-600">
              A credential is added when a BigQuery or Firebase connection is configured (Configure Connection).
            </p>
          </div>
        ) : (
          <ul aria-label="Credentials" className="space-y-3">
            {view.credentials.map((credential) => (
              <CredentialCard
                key={credential.id}
                credential={credential}
                busy={view.busy}
                act={act}
                refreshDenied={refreshDenied}
                manageDenied={manageDenied}
              />
            ))}
          </ul>
        )}
      </div>
      <FormModal
        open={view.rename !== null}
        title="Rename credential"
        onClose={act.cancel}
        onSubmit={act.submit}
        submitLabel="Save name"
        busy={view.rename?.saving}
      >
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={view.rename?.max}
          value={view.rename?.name ?? ''}
          error={view.rename?.problem ?? null}
          hint={`Up to ${view.rename?.max ?? 60} characters, unique in the workspace. Its account: ${view.rename?.email ?? ''}.`}
          onChange={(e) => act.changeName(e.target.value)}
          disabled={view.rename?.saving}
        />
        {view.rename?.error && (
          <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {view.rename.error}
          </p>
        )}
      </FormModal>
      <ConfirmDialog
        open={view.revoke !== null}
        title="Revoke credential?"
        message={
          // Once the server has answered, its words (the alert below) say why; the question is not said twice.
          view.revoke?.error
            ? `Revoke ${view.revoke.name}?`
            : view.revoke && view.revoke.usedBy.length > 0
              ? `${view.revoke.name} is used by ${view.revoke.usedBy.join(', ')}. Questboard refuses to revoke it while a plugin uses it.`
              : `Questboard forgets ${view.revoke?.name ?? 'this credential'} and its secret. This cannot be undone.`
        }
        confirmLabel="Revoke"
        busy={view.revoke?.busy}
        error={view.revoke?.error ?? null}
        onConfirm={act.confirm}
        onCancel={act.cancel}
      />
    </section>
  );
}
