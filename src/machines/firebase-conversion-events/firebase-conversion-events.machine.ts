/**
 * The Firebase conversion events table (docs/integrations.md §Screens and routes Firebase tab: conversion events table with checkboxes, Enable,
 * Disable, the 'Enabling Events' spinner; §API endpoints "Enable/disable Firebase events (pluginId, eventNames, appId)"; §Messages
 * "Firebase enable/disable errors are only logged").
 *
 *   idle ─TOGGLE(name)─► idle (the checkbox flips)
 *   idle ─ENABLE(names) / DISABLE(names) [some]─► saving (`action` says which; enable shows 'Enabling Events')
 *        saving ─┬─ success ─────► idle (selection cleared; `changed`: reload)
 *                ├─ success:false ► idle (`logError`; reload)
 *                └─ thrown ───────► idle (`logError`)
 * No snackbar on failure (docs/integrations.md §Messages: only logged); the selection is kept after a failure so the user can try again.
 * The function deployment that follows an enable is a server job; the page shows it from the plugin's operations.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SuccessResponse } from '../../contracts/integrations';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export type ConversionAction = 'enable' | 'disable';
export interface ConversionEventsContext {
  pluginId: string;
  appId: string;
  selected: string[];
  /** What the last ENABLE / DISABLE asked (the one being saved while in `saving`). */
  action: ConversionAction | null;
}
export type ConversionEventsEvent =
  | { type: 'TOGGLE'; eventName: string }
  | { type: 'ENABLE'; eventNames: string[] }
  | { type: 'DISABLE'; eventNames: string[] };
type ChangeInput = { pluginId: string; appId: string; action: ConversionAction; eventNames: string[] };

const toggled = (selected: readonly string[], name: string) =>
  selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name];

export const firebaseConversionEventsMachine = setup({
  types: {
    context: {} as ConversionEventsContext,
    events: {} as ConversionEventsEvent,
    input: {} as { pluginId: string; appId: string },
    children: {} as { saveConversionEvents: 'saveConversionEvents' },
  },
  actors: {
    saveConversionEvents: toProvide<SuccessResponse, ChangeInput>('saveConversionEvents'),
  },
  guards: {
    answerSucceeded,
    hasNames: ({ event }) => (event.type === 'ENABLE' || event.type === 'DISABLE') && event.eventNames.length > 0,
  },
  actions: {
    changed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'firebaseConversionEvents',
  context: ({ input }) => ({ pluginId: input.pluginId, appId: input.appId, selected: [], action: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: { actions: assign({ selected: ({ context, event }) => toggled(context.selected, event.eventName) }) },
        ENABLE: { guard: 'hasNames', target: 'saving', actions: assign({ action: 'enable' as const }) },
        DISABLE: { guard: 'hasNames', target: 'saving', actions: assign({ action: 'disable' as const }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveConversionEvents',
        src: 'saveConversionEvents',
        input: ({ context, event }) => ({
          pluginId: context.pluginId,
          appId: context.appId,
          action: context.action!,
          eventNames: (event as { eventNames: string[] }).eventNames,
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              assign({ selected: [] }),
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'logError', params: ({ context }) => ({ error: `${context.action}: success false` }) },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
        ],
        onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ConversionEventsSnapshot = SnapshotFrom<typeof firebaseConversionEventsMachine>;
export type ConversionEventsActor = ActorRefFrom<typeof firebaseConversionEventsMachine>;
