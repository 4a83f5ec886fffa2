/**
 * The Firebase conversion events table (SPEC §2 Firebase tab: conversion events table with checkboxes, Enable,
 * Disable, the 'Enabling Events' spinner; §7 "Enable/disable Firebase events (pluginId, eventNames, appId)"; §8
 * "Firebase enable/disable errors are only logged").
 *
 *   idle ─TOGGLE(name)─► idle (the checkbox flips)
 *   idle ─ENABLE(names) [some]─► enabling ('Enabling Events') ─┬─ success ─────► idle (selection cleared; `changed`: reload)
 *                                                              ├─ success:false ► idle (`logError`; reload)
 *                                                              └─ thrown ───────► idle (`logError`)
 *   idle ─DISABLE(names) [some]─► disabling ─ the same three outcomes
 * No snackbar on failure (SPEC §8: only logged); the selection is kept after a failure so the user can try again.
 * The function deployment that follows an enable is a server job; the page shows it from the plugin's operations.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SuccessResponse } from '../../contracts/integrations';
import { toProvide } from '../shared/to-provide';

export interface ConversionEventsContext {
  pluginId: string;
  appId: string;
  selected: string[];
}
export type ConversionEventsEvent =
  | { type: 'TOGGLE'; eventName: string }
  | { type: 'ENABLE'; eventNames: string[] }
  | { type: 'DISABLE'; eventNames: string[] };
type ChangeInput = { pluginId: string; appId: string; eventNames: string[] };

const toggled = (selected: readonly string[], name: string) => (selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name]);

export const firebaseConversionEventsMachine = setup({
  types: {
    context: {} as ConversionEventsContext,
    events: {} as ConversionEventsEvent,
    input: {} as { pluginId: string; appId: string },
    children: {} as { enableEvents: 'enableEvents'; disableEvents: 'disableEvents' },
  },
  actors: {
    enableEvents: toProvide<SuccessResponse, ChangeInput>('enableEvents'),
    disableEvents: toProvide<SuccessResponse, ChangeInput>('disableEvents'),
  },
  guards: {
    hasNames: ({ event }) => (event.type === 'ENABLE' || event.type === 'DISABLE') && event.eventNames.length > 0,
  },
  actions: {
    changed: (_, _params: { appId: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'firebaseConversionEvents',
  context: ({ input }) => ({ pluginId: input.pluginId, appId: input.appId, selected: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: { actions: assign({ selected: ({ context, event }) => toggled(context.selected, event.eventName) }) },
        ENABLE: { guard: 'hasNames', target: 'enabling' },
        DISABLE: { guard: 'hasNames', target: 'disabling' },
      },
    },
    enabling: {
      invoke: {
        id: 'enableEvents',
        src: 'enableEvents',
        input: ({ context, event }) => ({ pluginId: context.pluginId, appId: context.appId, eventNames: (event as { eventNames: string[] }).eventNames }),
        onDone: [
          {
            guard: ({ event }) => event.output.success,
            target: 'idle',
            actions: [assign({ selected: [] }), { type: 'changed', params: ({ context }) => ({ appId: context.appId }) }],
          },
          {
            target: 'idle',
            actions: [{ type: 'logError', params: { error: 'enable: success false' } }, { type: 'changed', params: ({ context }) => ({ appId: context.appId }) }],
          },
        ],
        onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    disabling: {
      invoke: {
        id: 'disableEvents',
        src: 'disableEvents',
        input: ({ context, event }) => ({ pluginId: context.pluginId, appId: context.appId, eventNames: (event as { eventNames: string[] }).eventNames }),
        onDone: [
          {
            guard: ({ event }) => event.output.success,
            target: 'idle',
            actions: [assign({ selected: [] }), { type: 'changed', params: ({ context }) => ({ appId: context.appId }) }],
          },
          {
            target: 'idle',
            actions: [{ type: 'logError', params: { error: 'disable: success false' } }, { type: 'changed', params: ({ context }) => ({ appId: context.appId }) }],
          },
        ],
        onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ConversionEventsSnapshot = SnapshotFrom<typeof firebaseConversionEventsMachine>;
export type ConversionEventsActor = ActorRefFrom<typeof firebaseConversionEventsMachine>;
