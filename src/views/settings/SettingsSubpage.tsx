/**
 * The frame of an App Settings tab that needs an introduction (events, acquisitionLinks): the tab's heading, its
 * introduction and actions, under the page's App Settings heading and tab bar.
 */
import type { ReactNode } from 'react';

export function SettingsSubpage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="mt-2 text-sm text-slate-600">{intro}</div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
