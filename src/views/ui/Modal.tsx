/** A Headless UI dialog with title, body and footer; Escape and the backdrop close it unless `busy`. */
import { Dialog, DialogPanel, DialogTitle, DialogBackdrop } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

export function Modal({ open, title, onClose, busy, children, footer, size = 'md' }: ModalProps) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel transition className={`w-full ${widths[size]} rounded-2xl bg-white shadow-xl transition duration-200 data-closed:scale-95 data-closed:opacity-0`}>
          <DialogTitle className="border-b border-slate-100 px-6 py-4 text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <div className="px-6 py-5">{children}</div>
          {footer && <div className="flex justify-end gap-3 rounded-b-2xl bg-slate-50 px-6 py-4">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
