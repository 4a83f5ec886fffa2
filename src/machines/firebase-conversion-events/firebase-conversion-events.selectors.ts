/** The conversion events table's view model: which boxes are checked, what Enable and Disable would send, busy states. */
import type { PluginEvent } from '../../contracts/plugin';
import type { ConversionEventsSnapshot, firebaseConversionEventsMachine } from './firebase-conversion-events.machine';
import type { EventOf, SendTo } from '../shared/flow';

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

/** The events the conversion events table sends, as named senders. */
export const firebaseConversionEventsActions = (send: SendTo<typeof firebaseConversionEventsMachine>) => ({
  toggle: (eventName: string) => send({ type: 'TOGGLE', eventName }),
  enable: (eventNames: EventOf<typeof firebaseConversionEventsMachine, 'ENABLE'>['eventNames']) =>
    send({ type: 'ENABLE', eventNames }),
  disable: (eventNames: EventOf<typeof firebaseConversionEventsMachine, 'DISABLE'>['eventNames']) =>
    send({ type: 'DISABLE', eventNames }),
});
