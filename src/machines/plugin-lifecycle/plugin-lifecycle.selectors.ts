/** View model of the plugin confirms ('Delete Plugin?', 'Disconnect Plugin?') and the busy buttons (docs/integrations.md §Screens and routes). */
import {
  CONFIRM_TITLES,
  confirmQuestion,
  type PluginLifecycleSnapshot,
  type pluginLifecycleMachine,
} from './plugin-lifecycle.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectPluginConfirm = (s: PluginLifecycleSnapshot | undefined) => {
  const action = s?.context.action;
  const open =
    !!s && (s.matches({ working: 'confirming' }) || (s.matches({ working: 'running' }) && action !== 'connect'));
  return {
    open,
    busy: s?.matches({ working: 'running' }) ?? false,
    title: action && action !== 'connect' ? CONFIRM_TITLES[action] : '',
    message: action && action !== 'connect' ? confirmQuestion(action, s!.context.plugin?.source ?? '') : '',
    confirmLabel: action === 'delete' ? 'Delete' : 'Disconnect',
  };
};
/** Which action runs now (for a busy button), or null. */
export const selectRunningAction = (s: PluginLifecycleSnapshot | undefined) =>
  s?.matches({ working: 'running' }) ? s.context.action : null;

/** The events a source tab (connect, disconnect, delete) sends, as named senders. */
export const pluginLifecycleActions = (send: SendTo<typeof pluginLifecycleMachine>) => ({
  connect: (plugin: Plugin) => send({ type: 'CONNECT', plugin }),
  disconnect: (plugin: Plugin) => send({ type: 'DISCONNECT', plugin }),
  remove: (plugin: Plugin) => send({ type: 'DELETE', plugin }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
type Plugin = EventOf<typeof pluginLifecycleMachine, 'CONNECT'>['plugin'];
