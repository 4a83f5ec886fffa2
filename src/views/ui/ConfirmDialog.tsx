/** Confirmation for destructive actions (remove from team, delete report, disconnect plugin…). */
import { Modal } from './Modal';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  error?: string | null;
  /** danger (default) for a destructive confirm; primary when the way forward is not destructive. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  busy,
  error,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      busy={busy}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{message}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-rose-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** What a flow's confirm selector gives (e.g. the confirm-mutation child of machines/shared). */
export interface ConfirmView {
  open: boolean;
  title: string;
  message: string;
  busy?: boolean;
  error?: string | null;
  confirmLabel?: string;
  tone?: 'danger' | 'primary';
}

/** A ConfirmDialog bound to a flow's confirm / cancel actions (its selectors'); `confirmLabel` wins over the view's own. */
export function FlowConfirmDialog({
  view,
  actions,
  confirmLabel,
}: {
  view: ConfirmView;
  actions: { confirm: () => void; cancel: () => void };
  confirmLabel?: string;
}) {
  return (
    <ConfirmDialog
      open={view.open}
      title={view.title}
      message={view.message}
      busy={view.busy}
      error={view.error}
      confirmLabel={confirmLabel ?? view.confirmLabel}
      tone={view.tone}
      onConfirm={actions.confirm}
      onCancel={actions.cancel}
    />
  );
}
