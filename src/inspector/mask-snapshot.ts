/**
 * Masked views of what the inspector forwards besides plain values: an actor snapshot (only its status, state value,
 * tags, and the masked context, input, output and error: no machine, children or internal fields) and the Stately
 * inspector's outgoing events (`@xstate.actor`, `@xstate.snapshot`, `@xstate.event`), including the `context` a
 * machine definition may carry.
 */
import type { StatelyInspectionEvent } from '@statelyai/inspect';
import { mask } from './mask';

export interface MaskedSnapshot {
  status?: string;
  value?: unknown;
  tags?: unknown;
  context?: unknown;
  input?: unknown;
  output?: unknown;
  error?: unknown;
}

/** The parts of an actor snapshot worth showing, masked. State names (the value, tags) are not key-masked. */
export function maskSnapshot(snapshot: unknown): MaskedSnapshot {
  if (typeof snapshot !== 'object' || snapshot === null) return {};
  const source = snapshot as Record<string, unknown>;
  const result: MaskedSnapshot = {};
  if (typeof source.status === 'string') result.status = source.status;
  if ('value' in source) result.value = mask(source.value, { keys: false });
  if (source.tags instanceof Set || Array.isArray(source.tags)) result.tags = mask([...source.tags], { keys: false });
  for (const key of ['context', 'input', 'output', 'error'] as const) {
    if (source[key] !== undefined) result[key] = mask(source[key]);
  }
  return result;
}

/** A machine definition (JSON text of its config) with its initial `context` masked; unreadable text is dropped. */
export function maskDefinition(definition: string | undefined): string | undefined {
  if (definition === undefined) return undefined;
  try {
    const parsed = JSON.parse(definition) as Record<string, unknown>;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    if ('context' in parsed) parsed.context = mask(parsed.context);
    return JSON.stringify(parsed);
  } catch {
    return undefined;
  }
}

/**
 * Every event the Stately inspector sends to its window passes through this (its `serialize` option): the payload
 * event, snapshot and definition are masked, the rest (ids, names, times) copied as plain values.
 */
export function maskStatelyEvent(event: StatelyInspectionEvent): StatelyInspectionEvent {
  const ids = mask(
    { ...event, event: undefined, snapshot: undefined, definition: undefined },
    { keys: false },
  ) as Record<string, unknown>;
  const masked: Record<string, unknown> = { ...ids };
  if ('event' in event) masked.event = mask(event.event);
  if ('snapshot' in event) masked.snapshot = maskSnapshot(event.snapshot);
  if ('definition' in event) masked.definition = maskDefinition(event.definition);
  for (const key of Object.keys(masked)) if (masked[key] === undefined) delete masked[key];
  return masked as unknown as StatelyInspectionEvent;
}
