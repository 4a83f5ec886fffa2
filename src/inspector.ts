/**
 * Support's flow inspector (docs/architecture.md §Support and engineers): with ?inspect=1 in the URL (remembered for the
 * tab, ?inspect=0 turns it off) the inspector runtime is downloaded lazily, every root actor created with
 * actorOptions() is inspected, and a built-in flow panel shows them (works offline); the Stately inspector opens
 * only from the panel's button. Everything shown or sent is masked (src/inspector/mask.ts). Normal users download
 * none of it: this module is all the main chunk holds.
 */
import type { InspectionEvent } from 'xstate';

let inspect: ((event: InspectionEvent) => void) | undefined;
const FLAG = 'questboard.inspect';

export function inspectRequested(search = window.location.search): boolean {
  const asked = new URLSearchParams(search).get('inspect');
  if (asked === '1') sessionStorage.setItem(FLAG, '1');
  if (asked === '0') sessionStorage.removeItem(FLAG);
  return sessionStorage.getItem(FLAG) === '1';
}

/** Loads the runtime and mounts the panel; root actors created afterwards are inspected. Never rejects: the app
 * starts without the inspector when it cannot be loaded. */
export async function startInspector(): Promise<void> {
  if (inspect) return;
  try {
    const { startFlowInspector } = await import('./inspector/inspector-runtime');
    inspect ??= startFlowInspector();
  } catch (error) {
    console.warn('Flow inspector could not be loaded', error);
  }
}

/** Options to pass when creating a root actor: `useMachine(machine, actorOptions())`. */
export const actorOptions = () => (inspect ? { inspect } : {});
