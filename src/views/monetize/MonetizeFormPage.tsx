/**
 * /workspace/{id}/app/{appId}/monetize/new and /monetize/edit/{monetizeId} (docs/monetize.md §Screens and routes, §Entities Monetize campaign and Target
 * condition, §Campaign states Monetize on/off, §Rules and limits Monetize rules, §Roles viewers, §Rules and limits refPublicPrice 1): the campaign form, a thin view of
 * the monetize-form flow, with the switch (off: an unsaved new form closes, a saved campaign is deleted after a
 * confirmation) and the "Beyond" audience estimate. Viewers see everything and can change nothing.
 */
import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import type { MonetizeCampaign } from '../../contracts/monetize';
import type { Workspace } from '../../contracts/workspace';
import { href } from '../../paths';
import { useCampaign, useMonetizeEvents } from '../../services/monetize.queries';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { selectAccount } from '../../machines/session/session.selectors';
import { monetizeFormFlow } from '../../machines/monetize-form/monetize-form.actors';
import { selectEstimateConditions, selectMonetizeForm } from '../../machines/monetize-form/monetize-form.selectors';
import type { EventSourceInfo } from '../../machines/monetize-form/form-draft';
import { useCurrentApp, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { AudienceChoice, CheckList } from './Choices';
import { ConditionRow } from './ConditionRow';
import { EstimatePanel } from './EstimatePanel';
import { MonetizeSwitch } from './MonetizeSwitch';
import { monetizeFormActions } from '../../machines/monetize-form/monetize-form.selectors';
import { useActions } from '../flows/useActions';

interface FormProps {
  workspace: Workspace;
  appId: string;
  appName: string;
  campaign: MonetizeCampaign | null;
  source: EventSourceInfo;
}

function MonetizeForm({ workspace, appId, appName, campaign, source }: FormProps) {
  const [, navigate] = useLocation();
  const account = Session.useSelector(selectAccount);
  const actor = useFlowActor(
    monetizeFormFlow,
    { appId, campaign, source },
    { key: `${appId}:${campaign?.id ?? 'new'}`, deps: { workspaceId: workspace.id, navigate } },
  );
  const actions = useActions(actor, monetizeFormActions);
  useEffect(() => actions.syncSource(source), [actions, source]);
  const view = useSelector(actor, selectMonetizeForm);
  const estimateKey = useSelector(actor, (s) => JSON.stringify(selectEstimateConditions(s)));
  const { draft, errors } = view;
  const denied = viewerDenied(workspace.role);
  const locked = !!denied || view.saving;
  const countries = (account?.supportedCountries ?? []).map((c) => ({ value: c, label: c }));
  const otherApps = (workspace.apps ?? [])
    .filter((a) => a.id !== appId)
    .map((a) => ({ value: a.id, label: `${a.appName} (${a.platform === 'ios' ? 'iOS' : 'Android'})` }));
  const incomplete =
    draft.displayQuestTo === 'some' ? draft.targetConditions.length - (JSON.parse(estimateKey) as unknown[]).length : 0;

  return (
    <section className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{view.isNew ? 'New Campaign' : 'Edit Campaign'}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {appName} · <span className="font-medium text-emerald-700">{draft.status}</span>
          </p>
        </div>
        <MonetizeSwitch
          workspaceId={workspace.id}
          appId={appId}
          appName={appName}
          campaignId={campaign?.id ?? null}
          onForm
          deniedReason={denied}
        />
      </div>

      <form
        noValidate
        className="mt-6"
        onSubmit={(e) => {
          e.preventDefault();
          actions.submit();
        }}
      >
        <div className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Reference public price ($)"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              required
              value={draft.refPublicPrice}
              disabled={locked}
              error={errors.refPublicPrice}
              onChange={(e) => actions.set('refPublicPrice', e.target.value)}
            />
            <TextField
              label="Minimum accepted price ($)"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              hint="Optional; at most the reference public price."
              value={draft.minAcceptedPrice}
              disabled={locked}
              error={errors.minAcceptedPrice}
              onChange={(e) => actions.set('minAcceptedPrice', e.target.value)}
            />
          </div>

          <CheckList
            legend="Countries"
            searchable
            options={countries}
            selected={draft.countries}
            disabled={locked}
            error={errors.countries}
            onChange={(value) => actions.setList('countries', value)}
          />

          <div className="space-y-3">
            <AudienceChoice
              legend="Send traffic to"
              name="sendTrafficToApp"
              value={draft.sendTrafficToApp}
              labels={{ all: 'All apps', some: 'Some apps' }}
              disabled={locked}
              error={errors.sendTrafficToApp}
              onChange={(value) => actions.setAudience('sendTrafficToApp', value)}
            />
            {draft.sendTrafficToApp === 'some' && (
              <CheckList
                legend="Apps"
                options={otherApps}
                selected={draft.sendTrafficToAppIds}
                disabled={locked}
                error={errors.sendTrafficToAppIds}
                onChange={(value) => actions.setList('sendTrafficToAppIds', value)}
              />
            )}
          </div>

          <div className="space-y-3">
            <AudienceChoice
              legend="Display quests to"
              name="displayQuestTo"
              value={draft.displayQuestTo}
              labels={{ all: 'All players', some: 'Players matching conditions' }}
              disabled={locked}
              error={errors.displayQuestTo}
              onChange={(value) => actions.setAudience('displayQuestTo', value)}
            />
            {draft.displayQuestTo === 'some' && (
              <>
                {!source.id && (
                  <p className="text-sm text-amber-800">
                    This app has no event source yet: connect one in Integrations to target players by their events.
                  </p>
                )}
                <ol className="space-y-3">
                  {draft.targetConditions.map((condition, index) => (
                    <ConditionRow
                      key={index}
                      index={index}
                      condition={condition}
                      events={source.events}
                      errors={errors}
                      disabled={locked}
                      onChange={(patch) => actions.setCondition(index, patch)}
                      onRemove={() => actions.removeCondition(index)}
                    />
                  ))}
                </ol>
                {errors.targetConditions && <p className="text-xs text-rose-600">{errors.targetConditions}</p>}
                <Button variant="secondary" disabled={locked} onClick={actions.addCondition}>
                  Add condition
                </Button>
              </>
            )}
            <EstimatePanel appId={appId} conditionsKey={estimateKey} incomplete={incomplete} />
          </div>

          {view.error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {view.error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
            <Link
              href={href.app(workspace.id, appId, 'monetize/list')}
              className="inline-flex items-center rounded-lg px-3.5 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Cancel
            </Link>
            <Button type="submit" busy={view.saving} deniedReason={denied}>
              {view.isNew ? 'Save campaign' : 'Save changes'}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

export default function MonetizeFormPage() {
  const { monetizeId } = useParams<{ monetizeId?: string }>();
  const workspace = useCurrentWorkspace();
  const app = useCurrentApp();
  const campaign = useCampaign(app?.id ?? '');
  const events = useMonetizeEvents(app?.id ?? '');
  // Stable while the read is: the form syncs its event source when this changes.
  const source = useMemo<EventSourceInfo | null>(
    () => (events.data ? { id: events.data.source?.id ?? null, events: events.data.events } : null),
    [events.data],
  );
  if (!workspace || !app) return null;
  const listHref = href.app(workspace.id, app.id, 'monetize/list');
  if (campaign.isError || (events.isError && !source)) {
    return (
      <div role="alert" className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">The Monetize campaign could not be loaded.</p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => {
            void campaign.refetch();
            void events.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (campaign.isPending || !source) return <Spinner label="Loading the Monetize campaign" />;
  const existing = campaign.data;
  if (monetizeId === undefined && existing)
    return <Redirect to={href.app(workspace.id, app.id, `monetize/edit/${encodeURIComponent(existing.id)}`)} replace />;
  if (monetizeId !== undefined && existing?.id !== monetizeId) {
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">Edit Campaign</h1>
        <div className="mt-6">
          <EmptyState
            title="This Monetize campaign does not exist"
            action={
              <Link href={listHref} className="font-semibold text-indigo-700 underline">
                Back to Monetize
              </Link>
            }
          >
            It may have been turned off. Turn Monetize on to set up a new campaign.
          </EmptyState>
        </div>
      </section>
    );
  }
  return (
    <MonetizeForm workspace={workspace} appId={app.id} appName={app.appName} campaign={existing} source={source} />
  );
}
