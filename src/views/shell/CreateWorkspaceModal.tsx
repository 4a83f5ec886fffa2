/** Create Workspace modal (SPEC §2 'Create new'), a thin view over the create-workspace flow. */
import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { createWorkspaceFlow } from '../../machines/create-workspace/create-workspace.actors';
import { selectCreateWorkspace } from '../../machines/create-workspace/create-workspace.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { href } from '../../paths';
import { FormModal } from '../ui/FormModal';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { ICON_EXTENSIONS } from '../../contracts/workspace';

export function CreateWorkspaceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const session = Session.useActorRef();
  const organisations = Session.useSelector((s) => s.context.account?.organisations ?? []);
  const [, navigate] = useLocation();
  const [openAfterRefresh, setOpenAfterRefresh] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const created = (id: string) => {
    setOpenAfterRefresh(id);
    onClose();
  };
  const actor = useFlowActor(createWorkspaceFlow, undefined, { deps: { session, created } });
  const send = actor.send;
  const view = useSelector(actor, selectCreateWorkspace);

  useEffect(() => {
    if (open && !view.open) send({ type: 'OPEN' });
    if (!open && view.open) send({ type: 'CLOSE' });
  }, [open, view.open, send]);

  useEffect(() => {
    if (openAfterRefresh && organisations.some((o) => o.id === openAfterRefresh)) {
      navigate(href.apps(openAfterRefresh));
      setOpenAfterRefresh(null);
    }
  }, [openAfterRefresh, organisations, navigate]);

  return (
    <FormModal
      open={view.open}
      title="Create Workspace"
      onClose={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
      submitLabel="Create"
      busy={view.busy}
      className="space-y-4"
    >
      <TextField label="Workspace name" value={view.name} onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })} error={view.errors.name} autoFocus />
      <TextField
        label="Website"
        value={view.website}
        placeholder="https://yourstudio.com"
        onChange={(e) => send({ type: 'CHANGE', field: 'website', value: e.target.value })}
        error={view.errors.website}
        hint="Saved with https://"
      />
      <div>
        <span className="block text-sm font-medium text-slate-700">Icon</span>
        <div className="mt-1 flex items-center gap-3">
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>Choose icon</Button>
          <span className="truncate text-sm text-slate-600">{view.iconName ?? 'PNG, JPG or GIF, up to 3 MB'}</span>
          <input
            ref={fileInput}
            type="file"
            aria-label="Icon file"
            className="sr-only"
            accept={ICON_EXTENSIONS.map((e) => `.${e}`).join(',')}
            onChange={(e) => send({ type: 'PICK_ICON', file: e.target.files?.[0] ?? null })}
          />
        </div>
        {view.errors.icon && <p role="alert" className="mt-1 text-xs text-rose-600">{view.errors.icon}</p>}
      </div>
      {view.error && <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">{view.error}</p>}
    </FormModal>
  );
}
