/**
 * The Integrations page's tabs (docs/integrations.md §Screens and routes): the Overview and one per source, as real
 * routes, then the workspace's Credentials (docs/integrations.md §Credentials).
 */
import { Link } from 'wouter';
import type { Plugin } from '../../contracts/plugin';
import { href } from '../../paths';
import { visibleTabs } from './plugin-view';

const tabClass = (current: boolean) =>
  `inline-block border-b-2 px-3 py-2 text-sm font-medium ${current ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`;

export function IntegrationsTabs({
  workspaceId,
  appId,
  plugins,
  current,
}: {
  workspaceId: string;
  appId: string;
  plugins: readonly Plugin[];
  /** The tab shown: a source, the Overview, 'Credentials', or null while none is. */
  current: string | null;
}) {
  const tabs = [...visibleTabs(plugins), 'Credentials'];
  return (
    <nav aria-label="Integrations" className="mt-4 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {tabs.map((name) => (
          <li key={name}>
            <Link
              href={href.app(
                workspaceId,
                appId,
                name === 'Credentials' ? 'integrations/credentials' : `integrations/${name}`,
              )}
              aria-current={name === current ? 'page' : undefined}
              className={tabClass(name === current)}
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
