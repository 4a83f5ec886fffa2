/**
 * 'Update Partner Link' and 'Update Events File' (docs/postbacks.md §Screens and routes Adjust status card's Update buttons; §Rules and limits blocked on a
 * validation error): one dialog driven by the adjust-update flow; a refused file lists each bad line and reason; a
 * file that drops events of the current one lists them and saves only once confirmed ('Remove Events?').
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { CSV_ONLY_HINT, EVENTS_UPLOAD_ACCEPT } from '../../contracts/integrations';
import { removeEventsQuestion } from '../../contracts/adjust';
import type { AdjustUpdateActor } from '../../machines/adjust-update/adjust-update.machine';
import { selectUpdateDialog, adjustUpdateActions } from '../../machines/adjust-update/adjust-update.selectors';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { useActions } from '../flows/useActions';

export function AdjustUpdateDialog({ actor }: { actor: AdjustUpdateActor }) {
  const dialog = useSelector(actor, selectUpdateDialog);
  const actions = useActions(actor, adjustUpdateActions);
  const fileId = useId();
  const formId = useId();
  const confirming = dialog.removes.length > 0;
  return (
    <Modal
      open={dialog.mode !== null}
      title={dialog.title}
      busy={dialog.saving}
      onClose={actions.cancel}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" disabled={dialog.saving} onClick={actions.cancel}>
              Back
            </Button>
            <Button variant="danger" busy={dialog.saving} onClick={actions.confirm}>
              {dialog.saving ? 'Saving...' : 'Remove and Save'}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" disabled={dialog.saving} onClick={actions.cancel}>
              Cancel
            </Button>
            <Button type="submit" form={formId} busy={dialog.saving} disabled={!dialog.canSave}>
              {dialog.saving ? 'Saving...' : 'Save'}
            </Button>
          </>
        )
      }
    >
      {confirming ? (
        <div className="text-sm text-slate-700">
          <p>{removeEventsQuestion(dialog.removes.length)}</p>
          <ul
            className="mt-3 max-h-48 list-inside list-disc overflow-y-auto font-medium text-slate-900"
            data-testid="events-file-removes"
            aria-label="Events the new file removes"
          >
            {dialog.removes.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actions.save();
          }}
        >
          {dialog.mode === 'link' ? (
            <TextField
              data-autofocus
              label="Partner Link"
              type="url"
              required
              maxLength={2048}
              value={dialog.partnerLink}
              error={dialog.error ?? undefined}
              disabled={dialog.saving}
              onChange={(e) => actions.setLink(e.target.value)}
            />
          ) : (
            <div>
              <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
                Event File
              </label>
              <input
                data-autofocus
                id={fileId}
                type="file"
                required
                accept={EVENTS_UPLOAD_ACCEPT}
                disabled={dialog.saving}
                aria-describedby={`${fileId}-hint`}
                aria-invalid={!!dialog.error || undefined}
                onChange={(e) => actions.setFile(e.target.files?.[0] ?? null)}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
              />
              <p id={`${fileId}-hint`} className={`mt-1 text-xs ${dialog.error ? 'text-rose-600' : 'text-slate-600'}`}>
                {CSV_ONLY_HINT}
              </p>
              {dialog.serverErrors.length > 0 && (
                <div
                  role="alert"
                  className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200"
                >
                  <p className="font-semibold">Nothing was saved: fix these lines and upload the file again.</p>
                  <ul className="mt-1 max-h-48 list-inside list-disc overflow-y-auto" data-testid="events-file-errors">
                    {dialog.serverErrors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )}
        </form>
      )}
    </Modal>
  );
}
