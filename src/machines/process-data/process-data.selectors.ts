/** View model of the Data Status card's dates and Process Data button (SPEC §2, §5). */
import { canProcess, type ProcessDataSnapshot, type ProcessPreconditions } from './process-data.machine';

export const selectProcessForm = (s: ProcessDataSnapshot, plugin: ProcessPreconditions) => ({
  start: s.context.start,
  end: s.context.end,
  starting: s.matches('starting'),
  canProcess: s.matches('idle') && canProcess(s.context, plugin),
});
