/** Small pieces the App Settings tabs share: a settings form (the machine validates) and the load-failed state. */
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';

/** A form whose submit (button or Enter) sends the flow's SUBMIT; the browser's own validation is off. */
export function SettingsForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** What a tab shows when its data could not be loaded, with a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState title={`The ${what} could not be loaded`} action={<Button onClick={onRetry}>Try again</Button>}>
      Check your connection and try again.
    </EmptyState>
  );
}
