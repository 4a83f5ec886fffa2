/**
 * The "Silence alert" card of a source's page (docs/notifications.md §Silent sources): after how many hours without
 * new data the "Source went silent" alert fires for this source, its own or the default of its kind. Editors and
 * admins change it (the silence-threshold flow); viewers read it.
 */
import { useSelector } from '@xstate/react';
import { silentHoursOf, SILENT_HOURS_MAX, SILENT_HOURS_MIN } from '../../contracts/notifications';
import type { Plugin } from '../../contracts/plugin';
import { silenceThresholdFlow } from '../../machines/silence-threshold/silence-threshold.actors';
import {
  selectSilenceThreshold,
  silenceThresholdActions,
} from '../../machines/silence-threshold/silence-threshold.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Card } from './Card';

const what = (source: string) => (source === 'BigQuery' ? 'new export data' : 'a postback');

export function SilenceThresholdCard({
  plugin,
  appId,
  denied,
}: {
  plugin: Plugin;
  appId: string;
  denied: string | null;
}) {
  const flow = useFlowActor(
    silenceThresholdFlow,
    { pluginId: plugin.id, appId },
    { key: `${plugin.id}:silence-threshold` },
  );
  const view = useSelector(flow, selectSilenceThreshold);
  const actions = useActions(flow, silenceThresholdActions);
  const own = plugin.silentHours ?? null;
  const hours = silentHoursOf(plugin.source, own);
  const fallback = silentHoursOf(plugin.source, null);

  return (
    <Card title="Silence alert">
      {!view.editing ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 text-sm text-slate-700" data-testid="silence-threshold">
            Admins and editors are alerted when no {what(plugin.source)} arrives for{' '}
            <span className="font-semibold text-slate-900">
              {hours} hour{hours === 1 ? '' : 's'}
            </span>
            {own === null ? ' (the default)' : ''}.
          </p>
          <Button variant="secondary" deniedReason={denied} onClick={() => actions.edit(hours)}>
            Change
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            actions.save();
          }}
        >
          <TextField
            label="Hours without new data"
            type="number"
            inputMode="numeric"
            min={SILENT_HOURS_MIN}
            max={SILENT_HOURS_MAX}
            step={1}
            autoFocus
            value={view.draft}
            error={view.problem}
            hint={`From ${SILENT_HOURS_MIN} to ${SILENT_HOURS_MAX} hours; the default for ${plugin.source} is ${fallback}.`}
            readOnly={view.saving}
            onChange={(e) => actions.change(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && !view.saving) actions.cancel();
            }}
          />
          {view.error && (
            <p role="alert" className="text-sm text-rose-700">
              {view.error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={view.saving}>
              Save
            </Button>
            <Button variant="secondary" disabled={view.saving} onClick={actions.useDefault}>
              Use default ({fallback} hours)
            </Button>
            <Button variant="ghost" disabled={view.saving} onClick={actions.cancel}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
