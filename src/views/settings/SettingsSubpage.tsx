/**
 * The frame of an App Settings tab that has no label in the tab bar (SPEC §2: events, catalogue, messages and
 * acquisitionLinks are routes of their own): a way back to App Settings, the tab's heading and its introduction.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { href } from '../../paths';

export function SettingsSubpage({ workspaceId, appId, title, intro, actions, children }: {
  workspaceId: string;
  appId: string;
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={href.app(workspaceId, appId, 'settings/general')} className="font-medium text-indigo-700 hover:underline">App Settings</Link>
        <span aria-hidden="true" className="px-1.5 text-slate-400">/</span>
        <span className="text-slate-600">{title}</span>
      </nav>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {actions}
      </div>
      <div className="mt-2 text-sm text-slate-600">{intro}</div>
      <div className="mt-6">{children}</div>
    </section>
  );
}
