/** View model of the add-app modal (search → review → add, or by store URL). */
import type { SnapshotFrom } from 'xstate';
import { listingStoreKey, SEARCH_MIN_CHARS } from '../../contracts/apps';
import type { addAppMachine } from './add-app.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof addAppMachine>;

const inWorkspace = (s: Snapshot, listing: Parameters<typeof listingStoreKey>[0]) =>
  s.context.existing.includes(listingStoreKey(listing));

export const selectAddApp = (s: Snapshot) => ({
  open: !s.matches('closed'),
  step: s.matches('review') ? ('review' as const) : s.matches('url') ? ('url' as const) : ('search' as const),
  platform: s.context.platform,
  query: s.context.query,
  /** Typing, but not yet 3 characters. */
  tooShort: s.context.query.trim().length > 0 && s.context.query.trim().length < SEARCH_MIN_CHARS,
  searching: s.matches({ search: 'debouncing' }) || s.matches({ search: 'searching' }),
  /** Each result, and whether the workspace already has it (shown, not addable). */
  results: s.matches({ search: 'results' })
    ? s.context.results.map((result) => ({ result, inWorkspace: inWorkspace(s, result) }))
    : [],
  noResults: s.matches({ search: 'results' }) && s.context.results.length === 0,
  searchError: s.matches({ search: 'failed' }) ? s.context.searchError : null,
  sandbox: s.context.catalogue === 'sandbox',
  url: s.context.url,
  urlError: s.context.urlError,
  looking: s.matches({ url: 'looking' }),
  selected: s.context.selected,
  selectedInWorkspace: s.context.selected ? inWorkspace(s, s.context.selected) : false,
  iconName: s.context.icon?.name ?? null,
  iconError: s.context.iconError,
  adding: s.matches({ review: 'adding' }),
  error: s.context.error,
});

/** The events the Add App dialog sends, as named senders. */
export const addAppActions = (send: SendTo<typeof addAppMachine>) => ({
  open: () => send({ type: 'OPEN' }),
  close: () => send({ type: 'CLOSE' }),
  setPlatform: (platform: EventOf<typeof addAppMachine, 'SET_PLATFORM'>['platform']) =>
    send({ type: 'SET_PLATFORM', platform }),
  type: (query: string) => send({ type: 'TYPE', query }),
  select: (result: EventOf<typeof addAppMachine, 'SELECT'>['result']) => send({ type: 'SELECT', result }),
  useUrl: () => send({ type: 'USE_URL' }),
  changeUrl: (url: string) => send({ type: 'CHANGE_URL', url }),
  submitUrl: () => send({ type: 'SUBMIT_URL' }),
  back: () => send({ type: 'BACK' }),
  pickIcon: (file: EventOf<typeof addAppMachine, 'PICK_ICON'>['file']) => send({ type: 'PICK_ICON', file }),
  add: () => send({ type: 'ADD' }),
});
