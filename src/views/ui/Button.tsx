/** Buttons in three weights; `busy` shows a spinner and blocks clicks; `deniedReason` disables with a tooltip. */
import { useEffect, useState, type ButtonHTMLAttributes, type CSSProperties, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const styles: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-500 disabled:bg-indigo-300',
  secondary: 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-rose-600 text-white hover:bg-rose-700 disabled:bg-rose-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
  /** When set the button is disabled and this text is its tooltip (docs/accounts.md §Roles view-only access). */
  deniedReason?: string | null;
  icon?: ReactNode;
  /** The underlying <button> (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  busy,
  deniedReason,
  icon,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const button = (
    <button
      type={type}
      disabled={disabled || busy || !!deniedReason}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold shadow-sm transition disabled:cursor-not-allowed ${styles[variant]} ${className}`}
      {...rest}
    >
      {busy ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
  if (!deniedReason) return button;
  return <DeniedTooltip reason={deniedReason}>{button}</DeniedTooltip>;
}

const TOOLTIP_WIDTH = 288; // w-72
const SCREEN_MARGIN = 16;
const GAP = 8;

/**
 * The view-only tooltip of a denied button, shown while the pointer is over it or it has focus. It is drawn in a
 * portal at the page's top (so no card, table frame or sticky bar can cover or clip it), below the button (above, it
 * covered the sticky header) and on the side that keeps it on screen: aligned to the button's right edge when there
 * is room to its left (actions at the right of page headers and toolbars), otherwise to its left edge.
 */
function DeniedTooltip({ reason, children }: { reason: string; children: ReactNode }) {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const show = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const width = Math.min(TOOLTIP_WIDTH, window.innerWidth - 2 * SCREEN_MARGIN);
    const left = box.right >= width + SCREEN_MARGIN ? box.right - width : Math.max(SCREEN_MARGIN, box.left);
    setPlace({ top: box.bottom + GAP, left, width });
  };
  const hide = () => setPlace(null);
  useEffect(() => {
    if (!place) return;
    window.addEventListener('scroll', hide, true);
    window.addEventListener('resize', hide);
    return () => {
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('resize', hide);
    };
  }, [place]);
  return (
    <span
      className="relative inline-flex"
      tabIndex={0}
      aria-label={reason}
      onPointerEnter={(event) => show(event.currentTarget)}
      onPointerLeave={hide}
      onFocus={(event) => show(event.currentTarget)}
      onBlur={hide}
    >
      {children}
      {place &&
        createPortal(
          <span
            role="tooltip"
            style={place}
            className="pointer-events-none fixed z-[60] rounded-md bg-slate-900 px-3 py-2 text-xs font-normal text-white shadow-lg"
          >
            {reason}
          </span>,
          document.body,
        )}
    </span>
  );
}
