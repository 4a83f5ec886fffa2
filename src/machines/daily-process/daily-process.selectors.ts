/** The Process Data Daily switch's shown value: the one being saved, else the plugin's (docs/integrations.md §Plugin states: reverts on failure). */
import type { DailyProcessSnapshot, dailyProcessMachine } from './daily-process.machine';
import type { SendTo } from '../shared/flow';

export const selectDailySwitch = (s: DailyProcessSnapshot, pluginValue: boolean) => ({
  checked: s.context.shown ?? pluginValue,
  saving: s.matches('saving'),
});

/** The events the daily processing switch sends, as named senders. */
export const dailyProcessActions = (send: SendTo<typeof dailyProcessMachine>) => ({
  toggle: (value: boolean) => send({ type: 'TOGGLE', value }),
});
