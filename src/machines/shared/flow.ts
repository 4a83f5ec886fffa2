/**
 * What a flow's binding looks like (docs/architecture.md §House rules 3, "one way to bind a flow"). Each `<flow>.actors.ts` exports
 * one `defineFlow({...})`: its pure machine with the actors and side-effect actions provided from services. Views
 * never call `.provide` themselves: they ask `useFlowActor(flow, input, { key, deps })` (src/views/flows) for the
 * live actor, which creates it with the inspector's options or hands back the running one of the same key.
 *
 * `deps` are the few things only the page has (the router's navigate, the session actor, a callback); a binding
 * reads them through `deps()` when an action runs, so it always sees the page's current ones.
 */
import type { Actor, AnyStateMachine, EventFrom, SnapshotFrom } from 'xstate';

export interface Flow<TMachine extends AnyStateMachine, TDeps = undefined> {
  /** Names the flow (registry keys, logs). */
  readonly name: string;
  /** The machine bound to services; called once per actor, so per-actor state (a token holder) can live here. */
  bind(deps: () => TDeps): TMachine;
  /**
   * The key a running actor answers to now, when it can change while it runs (a new report becomes
   * `app:report-id` once saved, so the page of its new URL finds the same actor). Default: the key it was created with.
   */
  keyOf?(snapshot: SnapshotFrom<TMachine>): string;
  /** Called when the actor starts; what it returns runs just before the actor is stopped. */
  attach?(actor: Actor<TMachine>): () => void;
}

export const defineFlow = <TMachine extends AnyStateMachine, TDeps = undefined>(flow: Flow<TMachine, TDeps>) => flow;

/**
 * A flow's `send`, as its selectors' actions take it: `<flow>.selectors.ts` exports `<flow>Actions(send)`, the events
 * a view may send as named senders (`actions.submit()`, `actions.change(field, value)`), so views never build events.
 */
export type SendTo<TMachine extends AnyStateMachine> = (event: EventFrom<TMachine>) => void;
/** One of a flow's events, to type an action's arguments: `EventOf<typeof teamMachine, 'INVITE_ROLE'>['role']`. */
export type EventOf<TMachine extends AnyStateMachine, TType extends EventFrom<TMachine>['type']> = Extract<
  EventFrom<TMachine>,
  { type: TType }
>;
