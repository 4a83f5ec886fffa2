/**
 * The New App modal (docs/apps.md §Screens and routes search modal → select → review → Add App, §Rules and limits app search rules, §Messages messages), a thin
 * view over the add-app flow. Loaded on first click of New App (never part of the apps page's first download).
 * Search results and the review show the listing's icon, title and developer; the sandbox catalogue is labelled. A
 * listing the workspace already has is marked 'Already in workspace' and cannot be picked or added.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { addAppFlow } from '../../machines/add-app/add-app.actors';
import { selectAddApp, addAppActions } from '../../machines/add-app/add-app.selectors';
import { APP_ICON_HELPER, type AppSearchResult } from '../../contracts/apps';
import type { Platform } from '../../contracts/codecs';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { Modal } from '../ui/Modal';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { IconPicker } from '../ui/IconPicker';
import { Spinner } from '../ui/Spinner';
import { platformLabel } from '../shell/AppIcon';
import { useActions } from '../flows/useActions';

export const ALREADY_IN_WORKSPACE = 'Already in workspace';

export interface AddAppModalProps {
  workspaceId: string;
  /** Store keys (storeKey) of the workspace's apps. */
  existing: readonly string[];
  onClose: () => void;
  /** The app was created (the page opens it once the workspace lists it). */
  onCreated: (id: string) => void;
}

function ListingIcon({ listing, className }: { listing: AppSearchResult; className: string }) {
  return listing.icon ? (
    <img src={listing.icon} alt="" className={`${className} shrink-0 rounded-xl object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-xl bg-slate-200 font-bold text-slate-600`}
    >
      {listing.title.slice(0, 1)}
    </span>
  );
}

function SandboxBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Sandbox catalogue</span>
  );
}

export default function AddAppModal({ workspaceId, existing, onClose, onCreated }: AddAppModalProps) {
  const session = Session.useActorRef();
  const actor = useFlowActor(addAppFlow, { workspaceId, existing }, { deps: { session, created: onCreated } });
  const actions = useActions(actor, addAppActions);
  const view = useSelector(actor, selectAddApp);
  const seenOpen = useRef(false);

  useEffect(() => {
    if (!actor.getSnapshot().matches('closed')) return;
    actions.open();
  }, [actor, actions]);
  // Once the flow closes (cancelled, or the app was created), the page drops the modal.
  useEffect(() => {
    if (view.open) seenOpen.current = true;
    else if (seenOpen.current) onClose();
  }, [view.open, onClose]);

  const close = () => actions.close();
  const title = view.step === 'review' ? 'Review App' : view.step === 'url' ? 'Add App by Store URL' : 'Add New App';

  let body;
  let footer;
  if (view.step === 'review' && view.selected) {
    const listing = view.selected;
    const storeIdLabel = listing.platform === 'android' ? 'Package name' : 'Bundle id';
    const storeId =
      listing.platform === 'android'
        ? (listing.androidPackageName ?? listing.appId)
        : (listing.appleBundleId ?? listing.appId);
    body = (
      <div className="space-y-4">
        <div className="flex items-center gap-4">
          <ListingIcon listing={listing} className="size-16" />
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900">{listing.title}</p>
            {listing.developer && <p className="text-sm text-slate-600">{listing.developer}</p>}
            <p className="text-xs text-slate-600">{platformLabel(listing.platform)}</p>
          </div>
          {view.sandbox && (
            <span className="ml-auto">
              <SandboxBadge />
            </span>
          )}
        </div>
        {view.selectedInWorkspace && (
          <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
            <span className="font-semibold">{ALREADY_IN_WORKSPACE}.</span> Open it from the Apps page; it cannot be
            added twice.
          </p>
        )}
        {listing.description && <p className="whitespace-pre-line text-sm text-slate-700">{listing.description}</p>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">{storeIdLabel}</dt>
          <dd className="break-all text-slate-900">{storeId}</dd>
          {listing.url && (
            <>
              <dt className="font-medium text-slate-700">Store URL</dt>
              <dd className="break-all">
                <a className="text-indigo-700 underline" href={listing.url} target="_blank" rel="noreferrer">
                  {listing.url}
                </a>
              </dd>
            </>
          )}
        </dl>
        <IconPicker
          buttonLabel="Choose another icon"
          fileName={view.iconName}
          hint={APP_ICON_HELPER}
          error={view.iconError}
          disabled={view.adding}
          onPick={(file) => actions.pickIcon(file)}
        />
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
      </div>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={actions.back} disabled={view.adding}>
          Back
        </Button>
        <Button onClick={actions.add} busy={view.adding} disabled={view.selectedInWorkspace}>
          Add App
        </Button>
      </>
    );
  } else if (view.step === 'url') {
    body = (
      <form
        noValidate
        id="add-app-url"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          actions.submitUrl();
        }}
      >
        <TextField
          label="Store URL"
          value={view.url}
          placeholder="https://play.google.com/store/apps/details?id=…"
          onChange={(e) => actions.changeUrl(e.target.value)}
          error={view.urlError}
          hint="A Google Play or App Store link to your app."
          data-autofocus
          disabled={view.looking}
        />
      </form>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={actions.back} disabled={view.looking}>
          Back to search
        </Button>
        <Button type="submit" form="add-app-url" busy={view.looking}>
          Get App Details
        </Button>
      </>
    );
  } else {
    body = (
      <div className="space-y-4">
        <div role="radiogroup" aria-label="Platform" className="inline-flex rounded-lg bg-slate-100 p-1">
          {(['android', 'ios'] as Platform[]).map((platform) => (
            <button
              key={platform}
              type="button"
              role="radio"
              aria-checked={view.platform === platform}
              onClick={() => actions.setPlatform(platform)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view.platform === platform ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-700'}`}
            >
              {platformLabel(platform)}
            </button>
          ))}
        </div>
        <TextField
          label="Search the store"
          type="search"
          value={view.query}
          placeholder="Enter app name (minimum 3 characters)"
          onChange={(e) => actions.type(e.target.value)}
          data-autofocus
        />
        <div aria-live="polite" className="min-h-40">
          {view.searching ? (
            <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
              <Spinner className="size-4" /> Searching…
            </div>
          ) : view.searchError ? (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {view.searchError}
            </p>
          ) : view.noResults ? (
            <p className="py-6 text-center text-sm text-slate-600">
              No apps found. Try another name, or add your app by its store URL.
            </p>
          ) : view.results.length > 0 ? (
            <>
              <div className="mb-2 flex items-center justify-between text-xs text-slate-600">
                <span>
                  {view.results.length} {view.results.length === 1 ? 'app' : 'apps'} found
                </span>
                {view.sandbox && <SandboxBadge />}
              </div>
              <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
                {view.results.map(({ result, inWorkspace }) => (
                  <li key={`${result.platform}:${result.appId}`}>
                    <button
                      type="button"
                      disabled={inWorkspace}
                      onClick={() => actions.select(result)}
                      className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-indigo-50 focus-visible:bg-indigo-50 focus-visible:outline-none disabled:cursor-default disabled:hover:bg-transparent"
                    >
                      <ListingIcon listing={result} className={`size-10 ${inWorkspace ? 'opacity-60' : ''}`} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-slate-900">{result.title}</span>
                        <span className="block truncate text-xs text-slate-600">{result.developer}</span>
                      </span>
                      {inWorkspace && (
                        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                          {ALREADY_IN_WORKSPACE}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="py-6 text-center text-sm text-slate-600">
              {view.tooShort
                ? 'Keep typing: at least 3 characters.'
                : 'Search Google Play or the App Store by app name.'}
            </p>
          )}
        </div>
        <p className="text-sm text-slate-600">
          Can’t find it?{' '}
          <button type="button" className="font-medium text-indigo-700 underline" onClick={actions.useUrl}>
            Add by store URL
          </button>
        </p>
      </div>
    );
    footer = (
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
    );
  }

  return (
    <Modal open={view.open} title={title} onClose={close} busy={view.adding || view.looking} footer={footer} size="lg">
      {body}
    </Modal>
  );
}
