/**
 * View model of the activity page: the rows in words ("Ada Admin changed role of viewer@…"), which one is open,
 * the filters, what the list is doing, and the actions the view sends.
 */
import type { SnapshotFrom } from 'xstate';
import type { activityMachine, ActivityEvent, ActivityFilterField } from './activity.machine';
import { QUESTBOARD_ACTOR, VERB_LABELS, type ActivityEntry, type ActivityVerb } from '../../contracts/activity';
import type { FieldChange } from '../../contracts/domain-events';

type Snapshot = SnapshotFrom<typeof activityMachine>;

export interface ActivityRowView {
  id: string;
  at: string;
  who: string;
  bySystem: boolean;
  /** "changed role of" — the verb in words; `verb` is the catalogue's name. */
  action: string;
  verb: string;
  area: string;
  objectType: string;
  objectName: string;
  appId: string | null;
  changes: readonly FieldChange[];
  expanded: boolean;
}

const actionOf = (verb: string) => VERB_LABELS[verb as ActivityVerb] ?? verb;
/** A value of a change in words: empty for "not there". */
export const changeValue = (value: FieldChange['before']) =>
  value === null ? '—' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

const rowOf = (entry: ActivityEntry, expanded: string | null): ActivityRowView => ({
  id: entry.id,
  at: entry.at,
  who: entry.actor.name,
  bySystem: entry.actor.accountId === null || entry.actor.name === QUESTBOARD_ACTOR,
  action: actionOf(entry.verb),
  verb: entry.verb,
  area: entry.area,
  objectType: entry.object.type,
  objectName: entry.object.name,
  appId: entry.appId,
  changes: entry.changes,
  expanded: expanded === entry.id,
});

export const selectActivity = (s: Snapshot) => {
  const c = s.context;
  const firstLoad = s.matches('loading');
  return {
    rows: c.entries.map((entry) => rowOf(entry, c.expanded)),
    filters: c.filters,
    search: c.search,
    /** The routine entries are shown; the switch is moot while an action is chosen. */
    routine: c.routine,
    routineMoot: Boolean(c.filters.verb),
    loading: firstLoad,
    searching: s.matches('debouncing'),
    loadingMore: s.matches('loadingMore'),
    exporting: s.matches('exporting'),
    error: s.matches('failed') ? c.error : null,
    moreError: c.moreError,
    empty: s.matches('ready') && c.entries.length === 0,
    canLoadMore: s.matches('ready') && c.nextCursor !== null,
    canExport: s.matches('ready') && c.entries.length > 0,
    filtered: Object.values(c.filters).some(Boolean) || c.q !== '',
  };
};

/** The events the view sends, named. */
export const activityActions = (send: (event: ActivityEvent) => void) => ({
  filter: (field: ActivityFilterField, value: string) => send({ type: 'FILTER', field, value }),
  clear: () => send({ type: 'CLEAR' }),
  search: (text: string) => send({ type: 'SEARCH', text }),
  more: () => send({ type: 'MORE' }),
  toggle: (id: string) => send({ type: 'TOGGLE', id }),
  routine: (show: boolean) => send({ type: 'ROUTINE', show }),
  retry: () => send({ type: 'RETRY' }),
  export: () => send({ type: 'EXPORT' }),
});
