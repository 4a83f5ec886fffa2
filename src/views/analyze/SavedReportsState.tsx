/** The saved-reports list's empty state ('No Report Found') and load error with a retry, shared by the overview and the list. */
import { Button } from '../ui/Button';
import { AlertIcon } from './icons';

export function NoReportFound({ hint, className }: { hint: string; className: string }) {
  return (
    <div className={className}>
      <h2 className="text-base font-semibold text-slate-900">No Report Found</h2>
      <p className="mt-1 text-sm text-slate-500">{hint}</p>
    </div>
  );
}

export function SavedReportsLoadError({ onRetry, className }: { onRetry: () => void; className: string }) {
  return (
    <div role="alert" className={`flex flex-wrap items-center gap-3 text-sm text-rose-800 ${className}`}>
      <AlertIcon className="size-4" />
      <span className="flex-1">We could not load the saved reports.</span>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
