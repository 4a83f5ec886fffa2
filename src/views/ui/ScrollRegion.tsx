/**
 * A region that scrolls sideways when its content (a wide table) is wider than the card, and says so: while content
 * is hidden on a side, that edge gets a shade and a line under it reads "Scroll sideways to see every column", so a
 * cut-off column is never mistaken for the table's end. While it overflows the region is focusable, so the keyboard
 * can scroll it too; the page itself never scrolls sideways.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const SCROLL_CUE = 'Scroll sideways to see every column';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setHidden((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  const overflowing = hidden.left || hidden.right;
  return (
    <div>
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={label}
          tabIndex={overflowing ? 0 : undefined}
          data-overflowing={overflowing || undefined}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          {children}
        </div>
        {hidden.left && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r from-slate-400/30 to-transparent"
          />
        )}
        {hidden.right && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-linear-to-l from-slate-400/30 to-transparent"
          />
        )}
      </div>
      {overflowing && (
        <p className="flex items-center justify-end gap-1 px-4 pt-2 text-xs text-slate-600">
          {SCROLL_CUE}
          <span aria-hidden="true">{hidden.right ? '→' : '←'}</span>
        </p>
      )}
    </div>
  );
}
