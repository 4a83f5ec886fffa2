/**
 * App Settings → Details, the store listing (docs/app-settings.md §Screens and routes App Details tab): Short and Full Description (multiline, 1 to 10
 * rows), read-only Rating (1 decimal with a star) and Genres chips (first 4), four screenshot drop slots (300 wide)
 * and a background slot, Save Changes; 'No details found for this app.' when none exist. A thin view over the
 * app-details flow; each slot is an image-slot flow that hands its recompressed JPEG to the form. Viewers find the
 * slots and Save Changes disabled with the view-only tooltip (docs/app-settings.md §Roles) (the server refuses them too).
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { App } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import { MAX } from '../../contracts/codecs';
import { NO_DETAILS_FOUND, roundRating, SCREENSHOT_SLOTS } from '../../contracts/cms';
import { appDetailsFlow } from '../../machines/app-details/app-details.actors';
import { selectAppDetails, appDetailsActions } from '../../machines/app-details/app-details.selectors';
import type { SlotId } from '../../machines/app-details/app-details.machine';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { viewerDenied } from '../ui/permissions';
import { LoadFailed, SettingsForm } from './parts';
import { ImageDropSlot } from './details/ImageDropSlot';
import { useActions } from '../flows/useActions';

/** Rows of a multiline field: its line count, from 1 to 10 (docs/app-settings.md §Screens and routes). */
const rowsOf = (text: string) => Math.min(10, Math.max(1, text.split('\n').length));

export default function DetailsTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const actor = useFlowActor(appDetailsFlow, { appId: app.id }, { key: app.id });
  const view = useSelector(actor, selectAppDetails);
  const actions = useActions(actor, appDetailsActions);
  const denied = viewerDenied(workspace.role);
  const ids = useId();

  if (view.loading) return <Spinner label="Loading app details" />;
  if (view.failed) return <LoadFailed what="app details" onRetry={actions.retry} />;
  if (view.empty || !view.form || !view.details) return <EmptyState title={NO_DETAILS_FOUND} />;
  const { form, details } = view;
  const lock = view.saving || !!denied;
  const slotProps = (slot: SlotId) => ({
    disabled: view.saving,
    deniedReason: denied,
    onAccepted: (file: File) => actions.setImage(slot, file),
    onRemove: () => actions.removeImage(slot),
  });

  return (
    <SettingsForm onSubmit={actions.submit}>
      <section
        aria-labelledby={`${ids}-listing`}
        className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            {details.icon && <img src={details.icon} alt="" className="size-12 rounded-lg ring-1 ring-slate-200" />}
            <h2 id={`${ids}-listing`} className="text-base font-semibold text-slate-900">
              {details.title}
            </h2>
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div>
              <dt className="text-slate-600">Rating</dt>
              <dd className="font-semibold text-slate-900">
                {details.rating === null || details.rating === undefined ? (
                  'No rating yet'
                ) : (
                  <span aria-label={`${roundRating(details.rating).toFixed(1)} out of 5 stars`}>
                    {roundRating(details.rating).toFixed(1)}{' '}
                    <span aria-hidden="true" className="text-amber-500">
                      ★
                    </span>
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Genres</dt>
              <dd>
                {details.genres.length === 0 ? (
                  <span className="text-slate-600">None</span>
                ) : (
                  <ul className="mt-0.5 flex flex-wrap gap-1.5" aria-label="Genres">
                    {details.genres.map((genre) => (
                      <li
                        key={genre}
                        className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200"
                      >
                        {genre}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
        </div>
        <TextArea
          label="Short Description"
          value={form.shortDescription}
          disabled={lock}
          onChange={(value) => actions.change('shortDescription', value)}
        />
        <TextArea
          label="Full Description"
          value={form.fullDescription}
          disabled={lock}
          onChange={(value) => actions.change('fullDescription', value)}
        />
      </section>

      <section aria-labelledby={`${ids}-shots`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id={`${ids}-shots`} className="text-base font-semibold text-slate-900">
          Screenshots
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Up to {SCREENSHOT_SLOTS} JPEG images, each at most 480 × 640 pixels and 3 MB; they are recompressed to at most
          1 MB.
        </p>
        <div className="mt-4 grid grid-cols-1 justify-items-center gap-4 sm:grid-cols-2">
          {form.screenshots.map((slot, i) => (
            <ImageDropSlot
              key={i}
              id={`${app.id}:screenshot:${i}`}
              kind="screenshot"
              label={`Screenshot ${i + 1}`}
              slot={slot}
              {...slotProps(i)}
            />
          ))}
        </div>
      </section>

      <section
        aria-labelledby={`${ids}-background`}
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id={`${ids}-background`} className="text-base font-semibold text-slate-900">
          Background
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">One JPEG image, at most 640 × 360 pixels and 3 MB.</p>
        <ImageDropSlot
          id={`${app.id}:background`}
          kind="background"
          label="Background image"
          slot={form.background}
          {...slotProps('background')}
        />
      </section>

      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={actions.reset} disabled={!view.dirty || view.saving || !!denied}>
          Discard changes
        </Button>
        <Button type="submit" busy={view.saving} deniedReason={denied}>
          Save Changes
        </Button>
      </div>
    </SettingsForm>
  );
}

function TextArea({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={rowsOf(value)}
        maxLength={MAX.text}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100 disabled:bg-slate-50"
      />
    </div>
  );
}
