/** The conversion events table's view model: which boxes are checked, what Enable and Disable would send, busy states. */
import type { PluginEvent } from '../../contracts/plugin';
import type { ConversionEventsSnapshot } from './firebase-conversion-events.machine';

export function selectConversionTable(s: ConversionEventsSnapshot, events: readonly PluginEvent[]) {
  const selected = new Set(s.context.selected);
  const chosen = events.filter((e) => selected.has(e.eventName));
  return {
    selected,
    /** Enable sends the chosen events not yet enabled; Disable the chosen enabled ones. */
    toEnable: chosen.filter((e) => e.status !== 'ENABLED').map((e) => e.eventName),
    toDisable: chosen.filter((e) => e.status === 'ENABLED').map((e) => e.eventName),
    enabling: s.matches('saving') && s.context.action === 'enable',
    disabling: s.matches('saving') && s.context.action === 'disable',
    busy: !s.matches('idle'),
  };
}
