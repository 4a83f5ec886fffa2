/** View model of the plugin confirms ('Delete Plugin?', 'Disconnect Plugin?') and the busy buttons (docs/integrations.md §Screens and routes). */
import { CONFIRM_TITLES, confirmQuestion, type PluginLifecycleSnapshot } from './plugin-lifecycle.machine';

export const selectPluginConfirm = (s: PluginLifecycleSnapshot | undefined) => {
  const action = s?.context.action;
  const open = !!s && (s.matches({ working: 'confirming' }) || (s.matches({ working: 'running' }) && action !== 'connect'));
  return {
    open,
    busy: s?.matches({ working: 'running' }) ?? false,
    title: action && action !== 'connect' ? CONFIRM_TITLES[action] : '',
    message: action && action !== 'connect' ? confirmQuestion(action, s!.context.plugin?.source ?? '') : '',
    confirmLabel: action === 'delete' ? 'Delete' : 'Disconnect',
  };
};
/** Which action runs now (for a busy button), or null. */
export const selectRunningAction = (s: PluginLifecycleSnapshot | undefined) => (s?.matches({ working: 'running' }) ? s.context.action : null);
