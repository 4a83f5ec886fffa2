/**
 * Support's flow inspector (ARCHITECTURE "Support and engineers"): with ?inspect=1 in the URL (remembered for the
 * tab), @statelyai/inspect is downloaded lazily and every root actor is attached to it. Normal users never load it.
 */
import type { InspectionEvent } from 'xstate';

type Inspect = ((event: InspectionEvent) => void) | { next?: (event: InspectionEvent) => void };
let inspect: Inspect | undefined;
const FLAG = 'questboard.inspect';

export function inspectRequested(search = window.location.search): boolean {
  const asked = new URLSearchParams(search).get('inspect');
  if (asked === '1') sessionStorage.setItem(FLAG, '1');
  if (asked === '0') sessionStorage.removeItem(FLAG);
  return sessionStorage.getItem(FLAG) === '1';
}

export async function startInspector(): Promise<void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector({ autoStart: true }).inspect;
}

/** Options to pass when creating a root actor: `useMachine(machine, actorOptions())`. */
export const actorOptions = () => (inspect ? { inspect } : {});
