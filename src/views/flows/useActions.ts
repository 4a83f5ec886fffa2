/**
 * A flow's actions bound to its actor, for a view: `const actions = useActions(actor, teamActions)`, then
 * `actions.submitInvite()`. The senders come from the flow's selectors (`<flow>.selectors.ts`), so views never build
 * event objects; the same actor gives the same senders across renders (no actor yet: they send nothing).
 */
import { useMemo } from 'react';
import type { EventObject } from 'xstate';

export function useActions<TEvent extends EventObject, TActions>(
  actor: { send(event: TEvent): void } | undefined,
  actions: (send: (event: TEvent) => void) => TActions,
): TActions {
  return useMemo(() => actions((event) => actor?.send(event)), [actor, actions]);
}
