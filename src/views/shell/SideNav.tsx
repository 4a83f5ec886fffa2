/**
 * Side navigation (docs/workspace.md §Screens and routes, §Roles): Apps, Team and Activity (docs/activity.md) for everyone, Billing and Settings for admins only; inside app
 * pages an app selector (switching app keeps the current section) and the app's sections (Monetize only when
 * allowMonetize = 1); support, documentation, privacy and terms links at the bottom.
 */
import { Link, useLocation } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import type { App } from '../../contracts/apps';
import { APP_SECTIONS, href, PRIVACY_URL, SUPPORT_EMAIL, switchAppInPath, TERMS_URL } from '../../paths';
import { LazyAppPicker as AppPicker } from './LazyAppPicker';

function NavLink({
  to,
  label,
  active,
  onNavigate,
}: {
  to: string;
  label: string;
  active: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Link
      href={to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={`block rounded-lg px-3 py-2 text-sm font-medium ${active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {label}
    </Link>
  );
}

export function SideNav({
  workspace,
  app,
  onNavigate,
}: {
  workspace: Workspace;
  app: App | null;
  onNavigate?: () => void;
}) {
  const [location, navigate] = useLocation();
  const isAdmin = workspace.role === 'admin';
  const items = [
    { to: href.apps(workspace.id), label: 'Apps' },
    { to: href.team(workspace.id), label: 'Team' },
    { to: href.activity(workspace.id), label: 'Activity' },
    ...(isAdmin
      ? [
          { to: href.billing(workspace.id), label: 'Billing' },
          { to: href.workspaceSettings(workspace.id), label: 'Settings' },
        ]
      : []),
  ];
  const appBase = app ? href.app(workspace.id, app.id, '') : '';
  return (
    <nav className="flex h-full flex-col gap-6 p-4">
      <div className="space-y-1">
        {items.map((item) => (
          <NavLink
            key={item.label}
            to={item.to}
            label={item.label}
            active={location === item.to || location.startsWith(`${item.to}/`)}
            onNavigate={onNavigate}
          />
        ))}
      </div>
      {app && (
        <div>
          <AppPicker
            label="App"
            labelVisible
            apps={workspace.apps ?? []}
            current={app}
            onPick={(next) => {
              navigate(switchAppInPath(location, next.id));
              onNavigate?.();
            }}
          />
          <div className="mt-2 space-y-1">
            {APP_SECTIONS.filter((s) => !('guard' in s) || s.guard({ workspace })).map((s) => (
              <NavLink
                key={s.id}
                to={appBase + s.section}
                label={s.label}
                active={location.startsWith(appBase + s.match)}
                onNavigate={onNavigate}
              />
            ))}
          </div>
        </div>
      )}
      <div className="mt-auto space-y-1 border-t border-slate-100 pt-4 text-sm">
        <a className="block rounded-lg px-3 py-1.5 text-slate-600 hover:bg-slate-100" href={`mailto:${SUPPORT_EMAIL}`}>
          Contact support
        </a>
        <Link
          className="block rounded-lg px-3 py-1.5 text-slate-600 hover:bg-slate-100"
          href={href.documentation()}
          onClick={onNavigate}
        >
          Documentation
        </Link>
        <div className="flex gap-3 px-3 pt-1 text-xs text-slate-600">
          <a href={PRIVACY_URL} target="_blank" rel="noreferrer" className="hover:text-slate-700">
            Privacy
          </a>
          <a href={TERMS_URL} target="_blank" rel="noreferrer" className="hover:text-slate-700">
            Terms
          </a>
        </div>
      </div>
    </nav>
  );
}
