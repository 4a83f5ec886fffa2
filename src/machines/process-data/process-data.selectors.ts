/** View model of the Data Status card's dates and Process Data button (docs/integrations.md §Screens and routes, §Rules and limits). */
import { processDateBounds } from '../../contracts/integrations';
import {
  canProcess,
  processDatesError,
  type ProcessDataSnapshot,
  type ProcessPreconditions,
  type processDataMachine,
} from './process-data.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectProcessForm = (s: ProcessDataSnapshot, plugin: ProcessPreconditions) => ({
  start: s.context.start,
  end: s.context.end,
  /** The pickers' min and max: the data range's first day (when known) to today. */
  bounds: processDateBounds(s.context, plugin.earliest ? { start: plugin.earliest } : null, plugin.today),
  datesError: processDatesError(s.context, plugin),
  starting: s.matches('starting'),
  canProcess: s.matches('idle') && canProcess(s.context, plugin),
  /** The start dialog (docs/integrations.md §Job history): open while estimating, confirming and starting. */
  dialog: {
    open: s.matches('estimating') || s.matches('confirming') || s.matches('starting'),
    estimating: s.matches('estimating'),
    starting: s.matches('starting'),
    estimate: s.context.estimate,
    estimateError: s.context.estimateError,
  },
});

/** The events the Process data form sends, as named senders. */
export const processDataActions = (send: SendTo<typeof processDataMachine>) => ({
  setStart: (value: string) => send({ type: 'SET_START', value }),
  setEnd: (value: string) => send({ type: 'SET_END', value }),
  process: (preconditions: Omit<EventOf<typeof processDataMachine, 'PROCESS'>, 'type'>) =>
    send({ type: 'PROCESS', ...preconditions }),
  confirm: () => send({ type: 'CONFIRM' }),
  dismiss: () => send({ type: 'DISMISS' }),
});
