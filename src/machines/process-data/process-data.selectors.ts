/** View model of the Data Status card's dates and Process Data button (docs/integrations.md §Screens and routes, §Rules and limits). */
import { processDateBounds } from '../../contracts/integrations';
import { canProcess, processDatesError, type ProcessDataSnapshot, type ProcessPreconditions } from './process-data.machine';

export const selectProcessForm = (s: ProcessDataSnapshot, plugin: ProcessPreconditions) => ({
  start: s.context.start,
  end: s.context.end,
  /** The pickers' min and max: the data range's first day (when known) to today. */
  bounds: processDateBounds(s.context, plugin.earliest ? { start: plugin.earliest } : null, plugin.today),
  datesError: processDatesError(s.context, plugin),
  starting: s.matches('starting'),
  canProcess: s.matches('idle') && canProcess(s.context, plugin),
});
