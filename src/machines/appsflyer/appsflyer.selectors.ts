/** View model of the AppsFlyer tab (docs/postbacks.md §Screens and routes): which part shows, the Enable Plugin button, Check Status, the disconnect confirm. */
import { DISCONNECT_PLUGIN_TITLE } from '../../contracts/integrations';
import { confirmQuestion } from '../plugin-lifecycle/plugin-lifecycle.machine';
import type { AppsFlyerSnapshot, appsflyerMachine } from './appsflyer.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectAppsFlyerView = (s: AppsFlyerSnapshot) => {
  const enabling = s.matches('enabling');
  const noPlugin = s.matches('noPlugin') || enabling;
  return {
    /** The guide with Enable Plugin (noPlugin, enabling) or the step list and generator (enabled, checking). */
    guide: noPlugin || s.matches('enabled') || s.matches('checking'),
    enabled: !noPlugin,
    connected: s.matches('connected') || s.matches('disconnecting'),
    enableLabel: enabling ? 'Enabling Plugin...' : noPlugin ? 'Enable Plugin' : 'Plugin Enabled',
    enableBusy: enabling,
    checking: s.matches('checking'),
    disconnecting: s.matches({ disconnecting: 'running' }),
  };
};

export const selectDisconnectConfirm = (s: AppsFlyerSnapshot) => ({
  open: s.matches('disconnecting'),
  busy: s.matches({ disconnecting: 'running' }),
  title: DISCONNECT_PLUGIN_TITLE,
  message: confirmQuestion('disconnect', 'AppsFlyer'),
  confirmLabel: 'Disconnect',
});

/** The events the AppsFlyer tab sends, as named senders. */
export const appsflyerActions = (send: SendTo<typeof appsflyerMachine>) => ({
  sync: (plugin: EventOf<typeof appsflyerMachine, 'SYNC'>['plugin']) => send({ type: 'SYNC', plugin }),
  enable: () => send({ type: 'ENABLE' }),
  disconnect: () => send({ type: 'DISCONNECT' }),
  check: () => send({ type: 'CHECK' }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
