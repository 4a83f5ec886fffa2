/** docs/analyze.md §Screens and routes/§Report states: Analyze is enabled only after the BigQuery plugin has data; until then this promo shows instead. */
import { Link } from 'wouter';
import { href } from '../../paths';
import { DatabaseIcon, ReportIcon } from './icons';

export function AnalyzePromo({ workspaceId, appId }: { workspaceId: string; appId: string }) {
  return (
    <section className="mx-auto max-w-4xl">
      <div className="overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-sky-500 p-8 text-white shadow-lg sm:p-10">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/30">
          <ReportIcon className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold sm:text-3xl">Unearth the Treasures in Your Data</h1>
        <p className="mt-3 max-w-2xl text-sm text-indigo-50 sm:text-base">
          Connect your game's BigQuery export to build reports on installs, retention, play time, ads and purchases —
          grouped, filtered and sorted the way you need, charted and exported in a click.
        </p>
        <ul className="mt-6 grid gap-2 text-sm text-indigo-50 sm:grid-cols-2">
          {['Actionable Game Insights', 'AI-Driven Quest Generation'].map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <span className="size-1.5 rounded-full bg-white" />
              {feature}
            </li>
          ))}
        </ul>
        <Link
          href={href.app(workspaceId, appId, 'integrations/BigQuery')}
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50"
        >
          <DatabaseIcon /> Continue with BigQuery
        </Link>
      </div>
    </section>
  );
}
