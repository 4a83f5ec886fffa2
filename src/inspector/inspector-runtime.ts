/**
 * The flow inspector's runtime, downloaded only with ?inspect=1: one store fed by the inspection observer that
 * every root actor gets through actorOptions(), the built-in flow panel (its own lazy chunk and React root, so an
 * app crash does not take it down), and the Stately link, loaded and opened only on the panel's button.
 */
import type { InspectionEvent } from 'xstate';
import { createInspectorStore } from './store';
import type { OpenStatelyResult, StatelyBridge } from './stately-bridge';

export function startFlowInspector(): (event: InspectionEvent) => void {
  const store = createInspectorStore();
  let bridge: StatelyBridge | undefined;

  const openStately = async (): Promise<OpenStatelyResult> => {
    try {
      const { createStatelyBridge } = await import('./stately-bridge');
      bridge ??= createStatelyBridge();
      return bridge.open(store.liveActorRefs()) ? 'opened' : 'blocked';
    } catch (error) {
      console.warn('Flow inspector: the Stately inspector could not be loaded', error);
      return 'failed';
    }
  };

  void import('../views/inspector/mountInspectorPanel')
    .then(({ mountInspectorPanel }) => mountInspectorPanel({ store, openStately }))
    .catch((error: unknown) => console.warn('Flow inspector: the panel could not be loaded', error));

  return (event) => {
    store.observe(event);
    bridge?.inspect(event);
  };
}
