/**
 * A Modal holding one form, with Cancel and a submit button in the footer (Create Workspace, Invite to team, Change
 * role). Submitting (the button or Enter in a field) calls `onSubmit`; the browser's own validation is off, the
 * machine behind the form validates. Cancel, Escape and a click outside call `onClose`, except while `busy`.
 */
import { useId, type ReactNode } from 'react';
import { Modal } from './Modal';
import { Button } from './Button';

export interface FormModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy?: boolean;
  submitDisabled?: boolean;
  /** Classes of the form element (e.g. spacing between fields). */
  className?: string;
  children: ReactNode;
}

export function FormModal({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  submitDisabled,
  className,
  children,
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
