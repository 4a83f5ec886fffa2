/**
 * App Settings → Acquisition Links (docs/app-settings.md §Screens and routes settings/acquisitionLinks; §Entities Deeplink: type, url, platform ios | android
 * | appsFlyer, others logged as unsupported; §API endpoints update deeplink; §Messages 'Deep link copied to clipboard.'): the app's links
 * with Copy and Edit URL. Editing is the deeplink-edit flow (the url checked as typed, the dialog kept open with the
 * typed url after a failure). A link of another platform is shown, logged (app-links.queries.ts) and cannot be edited;
 * viewers find Edit URL disabled with the view-only tooltip (docs/app-settings.md §Roles) (the server refuses them too). Copy works for all.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { App, Deeplink } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import {
  DEEPLINK_COPIED,
  DEEPLINK_PLATFORM_LABELS,
  DEEPLINK_UNSUPPORTED,
  isSupportedDeeplinkPlatform,
} from '../../contracts/deeplinks';
import { deeplinkEditFlow } from '../../machines/deeplink-edit/deeplink-edit.actors';
import { selectDeeplinkEdit, deeplinkEditActions } from '../../machines/deeplink-edit/deeplink-edit.selectors';
import { useDeeplinks } from '../../services/app-links.queries';
import { notify } from '../../services/notify';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { FormModal } from '../ui/FormModal';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { SettingsSubpage } from './SettingsSubpage';
import { useActions } from '../flows/useActions';

const URL_HINTS: Record<string, string> = {
  appsFlyer: 'An AppsFlyer OneLink (onelink.me) or app.appsflyer.com link.',
  ios: 'The https:// universal link that opens the app on iOS.',
  android: 'The https:// app link that opens the app on Android.',
};
const platformLabel = (platform: string) =>
  isSupportedDeeplinkPlatform(platform) ? DEEPLINK_PLATFORM_LABELS[platform] : platform;

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notify(DEEPLINK_COPIED, 'success', 'short');
  } catch {
    notify('Failed to copy to clipboard.', 'error');
  }
}

export default function AcquisitionLinksTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const links = useDeeplinks(app.id);
  const actor = useFlowActor(deeplinkEditFlow, { appId: app.id }, { key: app.id });
  const edit = useSelector(actor, selectDeeplinkEdit);
  const actions = useActions(actor, deeplinkEditActions);
  const denied = viewerDenied(workspace.role);

  return (
    <SettingsSubpage
      title="Acquisition Links"
      intro={
        <p>
          The links that bring players from a quest into {app.appName}. Copy one to test it on a device; update its URL
          when your attribution partner's link changes.
        </p>
      }
    >
      {links.isPending ? (
        <div className="flex justify-center py-12 text-indigo-600">
          <Spinner className="size-6" label="Loading acquisition links" />
        </div>
      ) : links.isError ? (
        <div role="alert" className="rounded-2xl bg-rose-50 p-6 text-sm text-rose-800 ring-1 ring-rose-200">
          <p>The acquisition links could not be loaded.</p>
          <Button variant="secondary" className="mt-3" onClick={() => void links.refetch()}>
            Retry
          </Button>
        </div>
      ) : links.data.length === 0 ? (
        <EmptyState
          title="No acquisition links yet"
          action={
            <Link
              href={href.app(workspace.id, app.id, 'integrations/Overview')}
              className="rounded-lg bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
            >
              Go to Integrations
            </Link>
          }
        >
          Links appear here once an attribution partner (AppsFlyer or Adjust) creates them for {app.appName}.
        </EmptyState>
      ) : (
        <ul aria-label="Acquisition links" className="space-y-3">
          {links.data.map((link) => (
            <LinkRow key={link.id} link={link} deniedReason={denied} onEdit={() => actions.edit(link)} />
          ))}
        </ul>
      )}

      <FormModal
        open={edit.open}
        title="Update deep link"
        submitLabel="Save"
        busy={edit.saving}
        submitDisabled={!!edit.fieldError}
        onClose={actions.cancel}
        onSubmit={actions.submit}
        className="space-y-4"
      >
        {edit.link && (
          <p className="text-sm text-slate-600">
            {edit.link.type} · {platformLabel(edit.link.platform)}
          </p>
        )}
        <TextField
          label="Link URL"
          type="url"
          data-autofocus
          value={edit.url}
          maxLength={2048}
          error={edit.fieldError}
          hint={edit.link ? URL_HINTS[edit.link.platform] : undefined}
          onChange={(e) => actions.change(e.target.value)}
        />
        {edit.failure && (
          <p role="alert" className="text-sm text-rose-700">
            {edit.failure}
          </p>
        )}
      </FormModal>
    </SettingsSubpage>
  );
}

function LinkRow({ link, deniedReason, onEdit }: { link: Deeplink; deniedReason: string | null; onEdit: () => void }) {
  const supported = isSupportedDeeplinkPlatform(link.platform);
  const name = `${link.type} (${platformLabel(link.platform)})`;
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{link.type}</h3>
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800">
          {platformLabel(link.platform)}
        </span>
        {!supported && (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
            Unsupported platform
          </span>
        )}
      </div>
      <p className="mt-2 break-all font-mono text-xs text-slate-800">{link.url}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" aria-label={`Copy link ${name}`} onClick={() => void copy(link.url)}>
          Copy link
        </Button>
        <Button
          variant="secondary"
          aria-label={`Edit URL of ${name}`}
          deniedReason={supported ? deniedReason : DEEPLINK_UNSUPPORTED}
          onClick={onEdit}
        >
          Edit URL
        </Button>
      </div>
    </li>
  );
}
