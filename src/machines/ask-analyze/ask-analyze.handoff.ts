/**
 * The hand-off of a confirmed question to the report builder, through the builder's own session draft of a new
 * report (report-builder.logic `draftStorageKey`, the draft a reload keeps) plus a one-shot "run it" mark that the
 * builder page reads (src/views/analyze/useReportBuilder.ts). Kept apart from ask-analyze.actors.ts so the builder's
 * chunk does not pull in the ask flow.
 */
import { draftStorageKey } from '../report-builder/report-builder.logic';

/** sessionStorage mark: the builder of this app should run its draft once it is ready. */
export const askRunKey = (appId: string) => `questboard.askRun.${appId}`;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Writes the draft (serialized like report-builder.logic serializeDraft) and the mark. */
export function handOff(appId: string, draftJson: string): void {
  session()?.setItem(draftStorageKey(appId), draftJson);
  session()?.setItem(askRunKey(appId), '1');
}
/**
 * Whether an asked question waits to run in this app's new-report builder: the mark, and its draft still there (the
 * builder drops the draft when it is left, so a mark left behind never runs a later blank report).
 */
export const askRunPending = (appId: string) =>
  session()?.getItem(askRunKey(appId)) === '1' && session()?.getItem(draftStorageKey(appId)) != null;
/** The run was sent: forget the mark. */
export const clearAskRun = (appId: string) => session()?.removeItem(askRunKey(appId));
