/**
 * App Settings → General (docs/app-settings.md §Screens and routes: app name, icon, store status; §App settings states the 'Show on Questboard App' switch and the store
 * status of the app's platform: package or bundle fields when not NotReady, store URL only when InStore; §Rules and limits the app
 * icon validator of 1,000,000 bytes while the helper text says 3 MB), a thin view over the app-general flow (save) and
 * the app-visibility flow (the switch, saved at once as on the app cards). Viewers find Save and the switch disabled
 * with the view-only tooltip (docs/app-settings.md §Roles); the server refuses their save too.
 */
import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { href } from '../../paths';
import { useSelector } from '@xstate/react';
import type { App } from '../../contracts/apps';
import { APP_ICON_HELPER } from '../../contracts/apps';
import { generalDataOf, type AppGeneralData, type GeneralErrors } from '../../contracts/app-settings';
import type { Workspace } from '../../contracts/workspace';
import { MAX } from '../../contracts/codecs';
import { appGeneralFlow } from '../../machines/app-general/app-general.actors';
import { selectAppGeneral, appGeneralActions } from '../../machines/app-general/app-general.selectors';
import type { TextField as TextFieldName } from '../../machines/app-general/app-general.machine';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { SHOW_ON_APP, useAppVisibility, VisibilitySwitch } from '../apps/AppVisibility';
import { Button } from '../ui/Button';
import { IconPicker } from '../ui/IconPicker';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { SettingsForm } from './parts';
import { useActions } from '../flows/useActions';

type Status = AppGeneralData['googleStatus'];
const STATUS_LABELS: Record<Status, string> = { NotReady: 'Not ready', InDev: 'In development', InStore: 'In store' };

export default function GeneralTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const session = Session.useActorRef();
  const initial = generalDataOf(app);
  const actor = useFlowActor(appGeneralFlow, { appId: app.id, data: initial }, { key: app.id, deps: { session } });
  const actions = useActions(actor, appGeneralActions);
  const view = useSelector(actor, selectAppGeneral);
  const visibility = useAppVisibility(app);
  const savedKey = JSON.stringify(initial);
  // The app's saved values follow the session (after a save, or a change made elsewhere).
  useEffect(() => {
    actions.sync(JSON.parse(savedKey) as AppGeneralData);
  }, [actions, savedKey]);
  const denied = viewerDenied(workspace.role);
  const switchLabel = useId();
  const change = (field: TextFieldName) => (event: React.ChangeEvent<HTMLInputElement>) =>
    actions.change(field, event.target.value);
  const { values, errors } = view;

  return (
    <SettingsForm onSubmit={actions.submit}>
      <fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <legend className="sr-only">App</legend>
        <TextField
          label="App name"
          value={values.appName}
          onChange={change('appName')}
          error={errors.appName}
          disabled={view.busy}
          maxLength={MAX.name}
        />
        <IconPicker
          buttonLabel="Choose icon"
          fileName={view.iconName}
          hint={APP_ICON_HELPER}
          error={errors.icon}
          disabled={view.busy}
          onPick={(file) => actions.pickIcon(file)}
          preview={
            app.image ? (
              <img src={app.image} alt="" className="size-12 rounded-lg object-cover ring-1 ring-slate-200" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-lg bg-slate-200 font-bold text-slate-600"
              >
                {app.appName.slice(0, 1)}
              </span>
            )
          }
        />
        <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-5">
          <div>
            <span id={switchLabel} className="text-sm font-medium text-slate-800">
              {SHOW_ON_APP}
            </span>
            <p className="text-xs text-slate-600">
              {visibility.enabled
                ? 'Players can find this app in the Questboard app.'
                : 'Hidden from players of the Questboard app.'}{' '}
              Saved at once.
            </p>
          </div>
          <VisibilitySwitch
            labelledBy={switchLabel}
            enabled={visibility.enabled}
            saving={visibility.saving}
            onToggle={visibility.toggle}
            deniedReason={denied}
          />
        </div>
      </fieldset>

      {app.platform === 'android' ? (
        <StoreSection
          title="Google Play"
          status={values.googleStatus}
          onStatus={(status) => actions.setStatus('google', status)}
          disabled={view.busy}
          fields={[
            {
              field: 'googlePackageName',
              label: 'Package name',
              placeholder: 'com.example.game',
              shown: values.googleStatus !== 'NotReady',
            },
            {
              field: 'googleStoreUrl',
              label: 'Store URL',
              placeholder: 'https://play.google.com/store/apps/details?id=com.example.game',
              shown: values.googleStatus === 'InStore',
            },
          ]}
          values={values}
          errors={errors}
          change={change}
        />
      ) : (
        <StoreSection
          title="App Store"
          status={values.appleStatus}
          onStatus={(status) => actions.setStatus('apple', status)}
          disabled={view.busy}
          fields={[
            {
              field: 'appleBundleId',
              label: 'Bundle ID',
              placeholder: 'com.example.game',
              shown: values.appleStatus !== 'NotReady',
            },
            {
              field: 'applePackageName',
              label: 'App Store ID (optional)',
              placeholder: '1234567890',
              shown: values.appleStatus !== 'NotReady',
            },
            {
              field: 'appleStoreUrl',
              label: 'Store URL',
              placeholder: 'https://apps.apple.com/app/id1234567890',
              shown: values.appleStatus === 'InStore',
            },
          ]}
          values={values}
          errors={errors}
          change={change}
        />
      )}

      <section
        aria-labelledby={`${switchLabel}-keys`}
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${switchLabel}-keys`} className="text-base font-semibold text-slate-900">
            API keys
          </h2>
          <Link
            href={href.app(workspace.id, app.id, 'settings/apikeys')}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Manage API keys
          </Link>
        </div>
        {(app.apiKeys ?? []).length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No API keys yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {(app.apiKeys ?? []).map((key, index) => (
              <li key={key.id ?? index} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-mono text-slate-900">{key.key}</span>
                <span className="text-slate-600">
                  {key.type} · {key.status === 'active' ? 'Active' : 'Terminated'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={actions.reset} disabled={!view.dirty || view.busy}>
          Discard changes
        </Button>
        <Button type="submit" busy={view.busy} deniedReason={denied}>
          Save
        </Button>
      </div>
    </SettingsForm>
  );
}

function StoreSection({
  title,
  status,
  onStatus,
  disabled,
  fields,
  values,
  errors,
  change,
}: {
  title: string;
  status: Status;
  onStatus: (status: Status) => void;
  disabled: boolean;
  fields: { field: TextFieldName; label: string; placeholder: string; shown: boolean }[];
  values: AppGeneralData;
  errors: GeneralErrors;
  change: (field: TextFieldName) => (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const selectId = useId();
  return (
    <fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <legend className="float-left w-full text-base font-semibold text-slate-900">{title}</legend>
      <div className="clear-both">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
          Store status
        </label>
        <select
          id={selectId}
          value={status}
          disabled={disabled}
          onChange={(event) => onStatus(event.target.value as Status)}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-100"
        >
          {(Object.keys(STATUS_LABELS) as Status[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {fields
        .filter((f) => f.shown)
        .map((f) => (
          <TextField
            key={f.field}
            label={f.label}
            value={values[f.field] ?? ''}
            onChange={change(f.field)}
            error={errors[f.field]}
            placeholder={f.placeholder}
            disabled={disabled}
            maxLength={f.field.endsWith('Url') ? MAX.url : MAX.label}
            spellCheck={false}
            autoCapitalize="off"
          />
        ))}
    </fieldset>
  );
}
