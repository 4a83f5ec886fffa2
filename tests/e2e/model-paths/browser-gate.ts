/**
 * `outcome()` for calls that run in the page, not on the server (reading a dropped image, recompressing it): an init
 * script wraps the browser function the call awaits, so that, once a gate is armed, its next call waits until the
 * outcome event opens the gate, with the real result ('pass') or a failure ('fail': the function throws). Unarmed,
 * the wrapped functions behave as they always do. `installBrowserGates(page)` runs in a table's `setup`.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { EventEntry, Ui } from './driver';

/** A gate and the async browser functions its calls await (`Blob.prototype.arrayBuffer` …). */
export const GATES = {
  /** Reading a file's bytes (the JPEG magic bytes of a dropped image). */
  readBytes: ['Blob.prototype.arrayBuffer'],
  /** Encoding a canvas (recompression). */
  encode: ['HTMLCanvasElement.prototype.toBlob', 'OffscreenCanvas.prototype.convertToBlob'],
  /** Copying to the clipboard. */
  clipboard: ['Clipboard.prototype.writeText'],
  /** Drawing a canvas as a data: URL (the qrcode library): synchronous, so it can fail but not be held. */
  draw: ['HTMLCanvasElement.prototype.toDataURL'],
} as const;
const SYNC: readonly string[] = ['draw'];
export type GateName = keyof typeof GATES;

declare global {
  interface Window {
    __e2eGates?: Record<
      string,
      { armed: boolean; waiting: boolean; open?: (pass: boolean) => void; done: boolean; fail?: boolean }
    >;
  }
}

export async function installBrowserGates(page: Page) {
  await page.addInitScript(
    ({ gates, sync }: { gates: Record<string, readonly string[]>; sync: readonly string[] }) => {
      const state: NonNullable<Window['__e2eGates']> = {};
      window.__e2eGates = state;
      for (const [name, targets] of Object.entries(gates)) {
        state[name] = { armed: false, waiting: false, done: false };
        for (const target of targets) {
          const parts = target.split('.');
          const method = parts.pop()!;
          let owner: Record<string, unknown> | undefined = window as unknown as Record<string, unknown>;
          for (const part of parts) owner = owner?.[part] as Record<string, unknown> | undefined;
          const original = owner?.[method] as ((...args: unknown[]) => unknown) | undefined;
          if (!owner || typeof original !== 'function') continue;
          const gate = state[name]!;
          owner[method] = function (this: unknown, ...args: unknown[]) {
            if (!gate.armed) return original.apply(this, args);
            gate.armed = false;
            if (sync.includes(name)) {
              gate.done = true;
              if (gate.fail) throw new Error(`${target} failed (e2e gate)`);
              return original.apply(this, args);
            }
            gate.waiting = true;
            const decided = new Promise<boolean>((resolve) => (gate.open = resolve));
            const callback = method === 'toBlob' ? (args[0] as (blob: Blob | null) => void) : null;
            const run = decided.then((pass) => {
              gate.waiting = false;
              gate.done = true;
              if (!pass) throw new Error(`${target} failed (e2e gate)`);
            });
            if (callback) {
              // toBlob answers through its callback: null when the encoding failed.
              void run.then(
                () => original.apply(this, args),
                () => callback(null),
              );
              return undefined;
            }
            return run.then(() => original.apply(this, args));
          };
        }
      }
    },
    { gates: GATES as unknown as Record<string, readonly string[]>, sync: SYNC },
  );
}

/** The outcome of an in-page call as an event entry: the gate is armed from the step before, opened by the event. */
export function gateOutcome<TUi extends Ui>(
  gate: GateName,
  pass: (event: EventObject) => boolean,
  label?: (event: EventObject) => string,
): EventEntry<TUi> {
  return {
    arrange: async (ui) => {
      await ui.page.evaluate((name) => {
        const g = window.__e2eGates![name]!;
        g.armed = true;
        g.done = false;
      }, gate);
    },
    act: async (ui, event) => {
      await ui.page.waitForFunction((name) => window.__e2eGates![name]!.waiting, gate, { timeout: 20_000 });
      await ui.page.evaluate(([name, open]) => window.__e2eGates![name]!.open!(open), [gate, pass(event)] as const);
      await ui.page.waitForFunction((name) => window.__e2eGates![name]!.done, gate);
    },
    label,
  };
}

/**
 * The outcome of a synchronous in-page call (drawing a QR code): it cannot be held, so the failure is decided when the
 * gate is armed (from the step before) and the event only checks that the call ran.
 */
export function syncGateOutcome<TUi extends Ui>(
  gate: GateName,
  pass: (event: EventObject) => boolean,
  label?: (event: EventObject) => string,
): EventEntry<TUi> {
  return {
    arrange: async (ui, event) => {
      await ui.page.evaluate(
        ([name, fail]) => {
          const g = window.__e2eGates![name]!;
          g.armed = true;
          g.fail = fail;
          g.done = false;
        },
        [gate, !pass(event)] as const,
      );
    },
    act: async (ui) => {
      await ui.page.waitForFunction((name) => window.__e2eGates![name]!.done, gate, { timeout: 20_000 });
    },
    label,
  };
}
