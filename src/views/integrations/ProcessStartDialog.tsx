/**
 * Process Data's start dialog (docs/integrations.md §Job history): the dates, the bytes the run would process (BigQuery's
 * dry run, or the embedded engine's estimate, labelled so) and its cost at the on-demand price, before the publisher
 * confirms. An estimate that failed says so; starting stays possible.
 */
import { Modal } from '../ui/Modal';
import { Button } from '../ui/Button';
import { formatByteCount, formatUsd, type ProcessEstimateAnswer } from '../../contracts/query-jobs';

interface Props {
  dialog: {
    open: boolean;
    estimating: boolean;
    starting: boolean;
    estimate: ProcessEstimateAnswer | null;
    estimateError: string | null;
  };
  start: string;
  end: string;
  onConfirm: () => void;
  onDismiss: () => void;
}

export function ProcessStartDialog({ dialog, start, end, onConfirm, onDismiss }: Props) {
  const { estimate } = dialog;
  return (
    <Modal
      open={dialog.open}
      title="Process Data?"
      onClose={onDismiss}
      busy={dialog.starting}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onDismiss} disabled={dialog.starting}>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={dialog.starting} disabled={dialog.estimating}>
            Start processing
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        Data from {start} to {end} will be processed.
      </p>
      <div aria-live="polite" className="mt-3">
        {dialog.estimating ? (
          <p className="text-sm text-slate-600">Estimating the cost…</p>
        ) : estimate ? (
          <dl data-testid="process-estimate" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">
              {estimate.estimated ? 'Bytes processed (estimated)' : 'Bytes processed (dry run)'}
            </dt>
            <dd className="font-medium text-slate-900">{formatByteCount(estimate.bytes)}</dd>
            <dt className="text-slate-600">Estimated cost</dt>
            <dd className="font-medium text-slate-900">{formatUsd(estimate.costUsd)}</dd>
            <dd className="col-span-2 text-xs text-slate-500">
              At ${estimate.usdPerTiB.toFixed(2)} per TiB, BigQuery&apos;s on-demand price.
              {estimate.estimated && ' The embedded engine estimates the bytes; nothing is billed.'}
            </dd>
          </dl>
        ) : (
          dialog.estimateError && (
            <p role="alert" className="text-sm text-amber-800">
              {dialog.estimateError}
            </p>
          )
        )}
      </div>
    </Modal>
  );
}
