/**
 * The Monetize switch of an app and its 'Turn off Monetize?' confirmation (docs/monetize.md §Campaign states Monetize on/off): a thin view of the
 * monetize-toggle flow. `onForm`: on the new campaign's form, where the switch is on before anything is saved.
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useFlowActor } from '../flows/useFlowActor';
import { monetizeToggleFlow } from '../../machines/monetize-toggle/monetize-toggle.actors';
import { selectMonetizeSwitch, selectRemoveConfirm } from '../../machines/monetize-toggle/monetize-toggle.selectors';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Switch } from '../integrations/Switch';
import { monetizeToggleActions } from '../../machines/monetize-toggle/monetize-toggle.selectors';
import { useActions } from '../flows/useActions';

interface Props {
  workspaceId: string;
  appId: string;
  appName: string;
  campaignId: string | null;
  onForm?: boolean;
  deniedReason: string | null;
}

export function MonetizeSwitch({ workspaceId, appId, appName, campaignId, onForm = false, deniedReason }: Props) {
  const [, navigate] = useLocation();
  const actor = useFlowActor(
    monetizeToggleFlow,
    { appId, campaignId },
    { key: appId, deps: { workspaceId, navigate } },
  );
  const actions = useActions(actor, monetizeToggleActions);
  useEffect(() => actions.sync(campaignId), [actions, campaignId]);
  const view = useSelector(actor, (s) => selectMonetizeSwitch(s, onForm));
  const confirm = useSelector(actor, (s) => selectRemoveConfirm(s, appName));
  return (
    <>
      <Switch
        aria-label={`Monetize ${appName}`}
        checked={view.on}
        disabled={!!deniedReason || view.busy}
        title={deniedReason ?? undefined}
        onChange={view.on ? actions.turnOff : actions.turnOn}
      >
        <span>{view.on ? 'Monetize is on' : 'Monetize is off'}</span>
      </Switch>
      <ConfirmDialog
        open={confirm.open}
        title={confirm.title}
        message={confirm.message}
        confirmLabel="Turn off"
        busy={confirm.busy}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </>
  );
}
