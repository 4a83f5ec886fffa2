/** An on/off switch (a checkbox with role="switch") with its track and knob, for the integrations tabs. */
import type { InputHTMLAttributes, ReactNode } from 'react';

export function Switch({
  children,
  title,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & { children?: ReactNode }) {
  return (
    <label className="inline-flex items-center gap-3 text-sm font-medium text-slate-800" title={title}>
      <input type="checkbox" role="switch" className="peer sr-only" {...input} />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition peer-checked:bg-indigo-600 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-400 peer-disabled:opacity-60 after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition peer-checked:after:translate-x-5"
      />
      {children}
    </label>
  );
}
