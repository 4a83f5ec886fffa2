/** The Process Data Daily switch's shown value: the one being saved, else the plugin's (docs/integrations.md §Plugin states: reverts on failure). */
import type { DailyProcessSnapshot } from './daily-process.machine';

export const selectDailySwitch = (s: DailyProcessSnapshot, pluginValue: boolean) => ({
  checked: s.context.shown ?? pluginValue,
  saving: s.matches('saving'),
});
