/**
 * /workspace/{id}/app/{appId}/monetize/list (docs/monetize.md §Screens and routes Monetize, §Campaign states Monetize on/off, §Roles viewers): the app's ads
 * campaign at a glance with its switch. On opens the new campaign's form; off deletes the campaign after a
 * confirmation. Viewers see the switch and Edit disabled with the tooltip (docs/monetize.md §Roles).
 */
import { Link } from 'wouter';
import {
  CONDITION_METRICS,
  CONDITION_TYPES,
  OPERATORS,
  USER_KEYS,
  type MonetizeCampaign,
  type TargetCondition,
} from '../../contracts/monetize';
import { href } from '../../paths';
import { useCampaign } from '../../services/monetize.queries';
import { useCurrentApp, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { viewerDenied } from '../ui/permissions';
import { MonetizeSwitch } from './MonetizeSwitch';

const money = (n: number) => `$${n.toFixed(2)}`;
const labelOf = (choices: readonly { value: string; label: string }[], value: string) =>
  choices.find((c) => c.value === value)?.label ?? value;

/** One condition in words, e.g. "Player · Country equals US". */
export function conditionText(c: TargetCondition): string {
  const op = labelOf(OPERATORS[c.dataType], c.op);
  if (c.type === 'event') {
    return c.metric === 'count'
      ? `${c.event}: times sent ${op} ${c.value}`
      : `${c.event}.${c.eventParam} ${op} ${c.value}`;
  }
  const key = labelOf(USER_KEYS[c.metric] ?? [], c.key);
  return `${labelOf(CONDITION_TYPES, c.type)} · ${key}${c.metric === 'total' ? ` (${labelOf(CONDITION_METRICS.user, 'total').toLowerCase()})` : ''} ${op} ${c.value}`;
}

function Summary({ campaign, appNames }: { campaign: MonetizeCampaign; appNames: Map<string, string> }) {
  const rows: [string, string][] = [
    ['Reference public price', money(campaign.refPublicPrice)],
    ['Minimum accepted price', campaign.minAcceptedPrice == null ? 'None' : money(campaign.minAcceptedPrice)],
    [
      'Send traffic to',
      campaign.sendTrafficToAppIds.length
        ? campaign.sendTrafficToAppIds.map((id) => appNames.get(id) ?? id).join(', ')
        : 'All apps',
    ],
    ['Countries', campaign.countries.join(', ')],
    [
      'Display quests to',
      campaign.targetConditions.length
        ? `Players matching ${campaign.targetConditions.length} condition${campaign.targetConditions.length === 1 ? '' : 's'}`
        : 'All players',
    ],
  ];
  return (
    <>
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
            <dd className="mt-0.5 break-words text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {campaign.targetConditions.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm text-slate-700" aria-label="Target conditions">
          {campaign.targetConditions.map((c, i) => (
            <li key={i} className="rounded-md bg-slate-50 px-3 py-1.5">
              {conditionText(c)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function MonetizeListPage() {
  const workspace = useCurrentWorkspace();
  const app = useCurrentApp();
  const campaign = useCampaign(app?.id ?? '');
  if (!workspace || !app) return null;
  const denied = viewerDenied(workspace.role);
  const appNames = new Map(
    (workspace.apps ?? []).map((a) => [a.id, `${a.appName} (${a.platform === 'ios' ? 'iOS' : 'Android'})`]),
  );
  const data = campaign.data ?? null;

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Monetize</h1>
      <p className="mt-1 text-sm text-slate-600">
        Show quests of other publishers' apps to your players and earn from every completed step.
      </p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {campaign.isPending ? (
          <Spinner label="Loading the Monetize campaign" />
        ) : campaign.isError ? (
          <div role="alert">
            <p className="font-semibold text-slate-900">The Monetize campaign could not be loaded.</p>
            <p className="mt-1 text-sm text-slate-600">{campaign.error.message}</p>
            <Button
              variant="secondary"
              className="mt-4"
              busy={campaign.isFetching}
              onClick={() => void campaign.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-lg font-semibold text-slate-900">{app.appName}</h2>
                {data ? (
                  <span className="mt-1 inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
                    {data.status}
                  </span>
                ) : (
                  <p className="mt-1 text-sm text-slate-600">
                    Monetize is off for this app. Turn it on to set up its campaign.
                  </p>
                )}
              </div>
              <MonetizeSwitch
                workspaceId={workspace.id}
                appId={app.id}
                appName={app.appName}
                campaignId={data?.id ?? null}
                deniedReason={denied}
              />
            </div>
            {data && (
              <>
                <Summary campaign={data} appNames={appNames} />
                <div className="mt-5">
                  <Link
                    href={href.app(workspace.id, app.id, `monetize/edit/${encodeURIComponent(data.id)}`)}
                    className="inline-flex rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    {denied ? 'View campaign' : 'Edit campaign'}
                  </Link>
                </div>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
