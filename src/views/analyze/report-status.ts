/**
 * The report builder's one status line under the title (docs/analyze.md §Screens and routes: text 'Last changed {relative time}'). Our rule, one
 * message at a time:
 *  - a new report that was never saved: 'Not saved yet' (running it saves it);
 *  - a saved report as saved: 'Last changed 3 minutes ago';
 *  - a saved report with edits not run yet: 'Unsaved changes · Last changed …'.
 */
export interface ReportStatus {
  /** The report has an id (it was saved at least once). */
  saved: boolean;
  /** The configuration or title differs from what was saved. */
  dirty: boolean;
  /** The relative time of the last change ('3 minutes ago'); '' when unknown. */
  lastChanged: string;
}

export const NOT_SAVED_YET = 'Not saved yet';
export const UNSAVED_CHANGES = 'Unsaved changes';

export function reportStatusText({ saved, dirty, lastChanged }: ReportStatus): string {
  if (!saved) return NOT_SAVED_YET;
  const changed = lastChanged ? `Last changed ${lastChanged}` : '';
  if (!dirty) return changed;
  return changed ? `${UNSAVED_CHANGES} · ${changed}` : UNSAVED_CHANGES;
}
