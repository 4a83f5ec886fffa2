/**
 * The showSettings flag (docs/analyze.md §Settings panel): the settings panel is expanded for a new report and
 * collapsed for a saved one; after a new report's first successful run the flag keeps it expanded on the saved
 * report's page, and any move elsewhere removes it.
 *
 * Decision (ours): the flag holds the id of the report just saved, and it is removed whenever the location is not
 * that report's page, checked on every location the router shows, including a fresh page load. So a full page
 * navigation (typing a URL, the browser's back button across a reload) cannot leave it behind to expand the
 * settings of a saved report reopened later in the session. No import of the builder: the router reads it.
 */
export const SHOW_SETTINGS_KEY = 'showSettings';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const reportPath = (reportId: string) => `/analyze/report/${encodeURIComponent(reportId)}`;

/** Marks this report, saved by its first run, as opening with its settings expanded. */
export const storeShowSettings = (reportId: string) => localStore()?.setItem(SHOW_SETTINGS_KEY, reportId);

/** Whether this saved report opens with its settings expanded (it is the report the flag names). */
export const readShowSettings = (reportId: string) => localStore()?.getItem(SHOW_SETTINGS_KEY) === reportId;

export const clearShowSettings = () => localStore()?.removeItem(SHOW_SETTINGS_KEY);

/** Removes the flag unless `pathname` is the page of the report it names (called on every location). */
export function forgetShowSettingsAway(pathname: string): void {
  const flagged = localStore()?.getItem(SHOW_SETTINGS_KEY);
  if (flagged && !pathname.endsWith(reportPath(flagged))) clearShowSettings();
}
