/**
 * App Settings → API Keys (docs/app-settings.md §Entities API key: key, type api|s2s, status active|terminated), a thin view over the
 * api-keys flow: the list (prefix only), Create API key of a chosen type (the full key is shown once in a dialog),
 * Terminate with a confirmation. Viewers find the actions disabled with the view-only tooltip (docs/app-settings.md §Roles) (the server
 * refuses them too).
 */
import { useEffect, useId, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { App } from '../../contracts/apps';
import type { ApiKeyType } from '../../contracts/app-settings';
import type { Workspace } from '../../contracts/workspace';
import { apiKeysFlow } from '../../machines/api-keys/api-keys.actors';
import { selectApiKeys, apiKeysActions } from '../../machines/api-keys/api-keys.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { Modal } from '../ui/Modal';
import { viewerDenied } from '../ui/permissions';
import { useActions } from '../flows/useActions';
import { Table } from '../ui/Table';

const TYPE_LABELS: Record<ApiKeyType, string> = { api: 'API', s2s: 'Server to server (s2s)' };

export default function ApiKeysTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const session = Session.useActorRef();
  const actor = useFlowActor(apiKeysFlow, { app }, { key: app.id, deps: { session } });
  const view = useSelector(actor, selectApiKeys);
  const actions = useActions(actor, apiKeysActions);
  useEffect(() => {
    actions.sync(app);
  }, [actions, app]);
  const denied = viewerDenied(workspace.role);
  const [keyType, setKeyType] = useState<ApiKeyType>('api');
  const typeId = useId();

  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">
          Keys let your servers call Questboard for this app. An <strong>s2s</strong> key signs the server-to-server
          calls of Acquire. A key is shown in full only once, when it is created.
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={typeId} className="block text-sm font-medium text-slate-700">
              Key type
            </label>
            <select
              id={typeId}
              value={keyType}
              onChange={(event) => setKeyType(event.target.value as ApiKeyType)}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-100"
            >
              {(Object.keys(TYPE_LABELS) as ApiKeyType[]).map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => actions.create(keyType)} busy={view.creating} deniedReason={denied}>
            Create API key
          </Button>
        </div>
      </div>

      {view.keys.length === 0 ? (
        <EmptyState title="No API keys yet">
          Create a key when your game's servers need to talk to Questboard.
        </EmptyState>
      ) : (
        <Table
          frame={{ card: true }}
          caption={`API keys of ${app.appName}`}
          classes={{
            head: 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600',
            headerCell: 'px-4 py-3',
          }}
          rows={view.keys}
          rowKey={(key) => String(key.id)}
          columns={[
            { header: 'Key', cell: (key) => key.key, className: 'font-mono text-slate-900' },
            { header: 'Type', cell: (key) => key.type, className: 'text-slate-700' },
            {
              header: 'Status',
              cell: (key) => (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${key.status === 'active' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
                >
                  {key.status === 'active' ? 'Active' : 'Terminated'}
                </span>
              ),
            },
          ]}
          rowActions={{
            className: 'text-right',
            cell: (key) =>
              key.status === 'active' && (
                <Button
                  variant="secondary"
                  aria-label={`Terminate ${key.key}`}
                  deniedReason={denied}
                  onClick={() => actions.terminate(key.id)}
                >
                  Terminate
                </Button>
              ),
          }}
        />
      )}

      <Modal
        open={view.createdKey !== null}
        title="Your new API key"
        onClose={actions.dismiss}
        footer={<Button onClick={actions.dismiss}>Done</Button>}
      >
        <p className="text-sm text-slate-600">
          Copy the key now and keep it somewhere safe. It will not be shown again.
        </p>
        <CopyableKey value={view.createdKey ?? ''} />
      </Modal>
      <ConfirmDialog
        open={view.confirmingTerminate}
        title="Terminate API key?"
        message={`Calls signed with ${view.target?.key ?? 'this key'} stop working at once. This cannot be undone.`}
        confirmLabel="Terminate"
        busy={view.terminating}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </div>
  );
}

function CopyableKey({ value }: { value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        API key
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
