/**
 * A Headless UI (v2) dialog with title, body and footer; Escape and a click outside close it unless `busy`.
 *
 * The element carrying role="dialog" (Headless UI's `Dialog`, with aria-modal, aria-labelledby → the title and
 * tabindex -1) is the visible panel itself, not the documented zero-size `relative` wrapper around a fixed layer:
 * so the dialog has the panel's size for assistive technology and for tests, and the fallback focus target is the
 * panel. The dimmed backdrop is the panel's own outer ring (a box-shadow wide enough to cover the viewport): a
 * separate backdrop element would have to sit inside the dialog element and be positioned behind its background.
 * A click anywhere outside the panel lands on the inert page behind it, which Headless UI treats as an outside
 * click.
 *
 * Initial focus: the element marked `data-autofocus` inside the dialog (forms mark their first field), else the
 * panel itself (no outline: it is a container, not a control).
 */
import { Dialog, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-5xl' };

export function Modal({ open, title, onClose, busy, children, footer, size = 'md' }: ModalProps) {
  return (
    <Dialog
      open={open}
      // A dialog that is already closing (its leave transition still running) closes nothing: its late close
      // request (Headless UI's, as its panel disappears) would otherwise close the next dialog of the same flow.
      onClose={() => open && !busy && onClose()}
      transition
      className={[
        // Bottom sheet on narrow screens, centred from `sm` up; never taller than the viewport.
        'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-h-[calc(100dvh-2rem)] flex-col sm:inset-y-4 sm:my-auto sm:h-fit',
        widths[size],
        'rounded-2xl bg-white shadow-xl ring-[100vmax] ring-slate-900/40 focus:outline-none',
        'transition duration-200 data-closed:scale-95 data-closed:opacity-0',
      ].join(' ')}
    >
      <DialogTitle className="shrink-0 border-b border-slate-100 px-6 py-4 text-lg font-semibold text-slate-900">
        {title}
      </DialogTitle>
      <div className="min-h-0 overflow-y-auto px-6 py-5">{children}</div>
      {footer && <div className="flex shrink-0 justify-end gap-3 rounded-b-2xl bg-slate-50 px-6 py-4">{footer}</div>}
    </Dialog>
  );
}
