/**
 * Snapshot → view model of any saved question's builder (docs/analyze.md §Saved questions), and the lifecycle events
 * its page sends; each builder's selectors add the question's own (src/machines/shared/saved-question.ts).
 */
import type { SavedQuestionContext, SavedQuestionEvent } from './saved-question';

/** The states a saved question's page shows (boot and checking pass at once: shown as running). */
export type SavedQuestionPhase =
  | 'opening'
  | 'openFailed'
  | 'invalid'
  | 'running'
  | 'runFailed'
  | 'ready'
  | 'saving'
  | 'confirmingDelete'
  | 'deleting'
  | 'deleted';

interface Snapshot<Q, R> {
  value: unknown;
  context: SavedQuestionContext<Q, R>;
}

/** The selectors of a builder whose extra states (the funnel's loadingDropoff) are `Extra`. */
export function savedQuestionSelectors<Q, R, Extra extends string = never>() {
  type S = Snapshot<Q, R>;
  return {
    selectPhase: (s: S): SavedQuestionPhase | Extra =>
      s.value === 'boot' || s.value === 'checking' ? 'running' : (s.value as SavedQuestionPhase | Extra),
    selectQuestion: (s: S) => s.context.question,
    selectResult: (s: S) => s.context.result,
    selectError: (s: S) => s.context.error,
    selectSaveError: (s: S) => s.context.saveError,
    selectTitle: (s: S) => s.context.title,
    selectCanSave: (s: S) => s.context.canSave,
  };
}

export type SavedQuestionSelectors<Q, R, Extra extends string = never> = ReturnType<
  typeof savedQuestionSelectors<Q, R, Extra>
>;

/** The lifecycle's events as named senders. */
export const savedQuestionSenders = (send: (event: SavedQuestionEvent) => void) => ({
  setTitle: (title: string) => send({ type: 'SET_TITLE', title }),
  save: () => send({ type: 'SAVE' }),
  askDelete: () => send({ type: 'DELETE' }),
  confirmDelete: () => send({ type: 'CONFIRM' }),
  cancelDelete: () => send({ type: 'CANCEL' }),
  retry: () => send({ type: 'RETRY' }),
});
