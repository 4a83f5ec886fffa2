/**
 * Add app lifecycle (docs/apps.md §Screens and routes Apps: New App → search modal, select, review, Add App; §Entities App search result; §Rules and limits app
 * search rules and app icon validator; §API endpoints GET /app/search, app details by store URL, create app; §Messages search and app
 * create messages; §Rules and limits search debounce 500 ms, minimum 3 characters, app icon validator 1,000,000 bytes).
 *
 *   closed ─OPEN─► search ─┬─ idle (query under 3 characters)
 *                          ├─ debouncing ─500 ms─► searching ─┬─► results
 *                          │        ▲ TYPE / SET_PLATFORM     └─► failed ('Failed to search for apps…')
 *                          ├─ SELECT ─► review
 *                          └─ USE_URL ─► url: editing ─SUBMIT_URL─► looking ─┬─► review
 *                                                                             └─► editing + docs/apps.md §Messages error
 *   review: ready ─ADD─► adding ─┬─ success ──► closed (`created`: the new app opens on integrations/Overview)
 *                                 └─ failure ──► ready + 'Error creating app.' / 'An unexpected error occurred…'
 *   CLOSE (cancel) from search, url editing and review ready; BACK from url and review returns to the results.
 *
 * A listing already in the workspace (`existing`, store keys of its apps) is shown as such: SELECT ignores it in the
 * results, and a review of it (reached by store URL) cannot ADD.
 *
 * The lookup answers `success: false` with a docs/apps.md §Messages key (invalid_url, cant_load_data, cant_get_app_data); any other
 * failure shows the fallback. A duplicate store app (409 'conflict') shows the server's own words; a refused icon
 * (too large) shows 'File is too large!'. Calls, `notify` and `created` come from add-app.actors.ts.
 */
import { assign, setup } from 'xstate';
import {
  APP_ICON_MAX_BYTES,
  listingStoreKey,
  parseStoreUrl,
  SEARCH_MIN_CHARS,
  type AppSearchResult,
  type Catalogue,
  type CreateAppResponse,
} from '../../contracts/apps';
import type { AppLookupResponse, AppSearchResponse } from '../../contracts/apps';
import type { Platform } from '../../contracts/codecs';
import { FILE_TOO_LARGE, ICON_EXTENSIONS, ICON_TYPE_MESSAGE, type IconFile } from '../../contracts/workspace';

export type { IconFile };
import { apiFailure, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import type * as t from 'io-ts';
import { answerSucceeded } from '../shared/answer-guards';

/** docs/apps.md §Messages, verbatim. */
export const SEARCH_ERRORS = {
  invalid_url: 'Please enter a valid URL for your app.',
  cant_load_data: "Can't load data from the provided URL.",
  cant_get_app_data: "Can't get app data from the provided URL.",
  search_failed: 'Failed to search for apps. Please try again.',
  fallback: 'Failed to get app details. Please try again.',
} as const;
export const CREATE_APP_FAILED = 'Error creating app.';
export const CREATE_APP_UNEXPECTED = 'An unexpected error occurred while creating the app.';
/** docs/apps.md §Rules and limits. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface AddAppInput {
  workspaceId: string;
  /** Store keys (storeKey) of the apps the workspace already has. */
  existing?: readonly string[];
}
export interface AddAppContext {
  workspaceId: string;
  existing: readonly string[];
  platform: Platform;
  query: string;
  results: AppSearchResult[];
  catalogue: Catalogue | null;
  searchError: string | null;
  url: string;
  urlError: string | null;
  selected: AppSearchResult | null;
  /** An icon picked in review instead of the listing's own. */
  icon: IconFile | null;
  iconError: string | null;
  error: string | null;
  createdId: string | null;
}
export type AddAppEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SET_PLATFORM'; platform: Platform }
  | { type: 'TYPE'; query: string }
  | { type: 'SELECT'; result: AppSearchResult }
  | { type: 'USE_URL' }
  | { type: 'CHANGE_URL'; url: string }
  | { type: 'SUBMIT_URL' }
  | { type: 'BACK' }
  | { type: 'PICK_ICON'; file: IconFile | null }
  | { type: 'ADD' };

type SearchAnswer = t.TypeOf<typeof AppSearchResponse>;
type LookupAnswer = t.TypeOf<typeof AppLookupResponse>;

/** docs/apps.md §Rules and limits app icon: PNG, JPG(EG) or GIF, at most 1,000,000 bytes (the helper text says 3 MB: both readings stand). */
export function appIconError(file: IconFile | null): string | null {
  if (!file) return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!ICON_EXTENSIONS.includes(extension) && !['image/png', 'image/jpeg', 'image/gif'].includes(file.type))
    return ICON_TYPE_MESSAGE;
  return file.size > APP_ICON_MAX_BYTES ? FILE_TOO_LARGE : null;
}

const lookupMessage = (answer: LookupAnswer) =>
  answer.message &&
  answer.message in SEARCH_ERRORS &&
  answer.message !== 'search_failed' &&
  answer.message !== 'fallback'
    ? SEARCH_ERRORS[answer.message as 'invalid_url' | 'cant_load_data' | 'cant_get_app_data']
    : SEARCH_ERRORS.fallback;

/** What a thrown create shows: a duplicate in the server's words, a refused icon, a refusal, or the unexpected. */
function createFailure(error: unknown): string {
  const failure = apiFailure(error);
  if (failure?.status === 409) return serverWords(error) ?? CREATE_APP_FAILED;
  if (failure?.status === 413 || failure?.code === 'file_too_large') return FILE_TOO_LARGE;
  if (failure && failure.status >= 400 && failure.status < 500) return CREATE_APP_FAILED;
  return CREATE_APP_UNEXPECTED;
}

const fresh = {
  platform: 'android' as Platform,
  query: '',
  results: [],
  searchError: null,
  url: '',
  urlError: null,
  selected: null,
  icon: null,
  iconError: null,
  error: null,
};

export const addAppMachine = setup({
  types: {
    context: {} as AddAppContext,
    events: {} as AddAppEvent,
    input: {} as AddAppInput,
    children: {} as { search: 'search'; lookup: 'lookup'; createApp: 'createApp' },
  },
  actors: {
    search: toProvide<SearchAnswer, { platform: Platform; query: string }>('search'),
    lookup: toProvide<LookupAnswer, { url: string }>('lookup'),
    createApp: toProvide<CreateAppResponse, { workspaceId: string; listing: AppSearchResult; icon: IconFile | null }>(
      'createApp',
    ),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    appCreated: (_, answer: { success: boolean; data?: { id: string } }) => answer.success && !!answer.data?.id,
    listingFound: (_, answer: { success: boolean; data?: unknown }) => answer.success && !!answer.data,
    answerSucceeded,
    queryLongEnough: ({ context }) => context.query.trim().length >= SEARCH_MIN_CHARS,
    urlLooksValid: ({ context }) => parseStoreUrl(context.url) !== null,
    selectable: ({ context, event }) =>
      event.type === 'SELECT' && !context.existing.includes(listingStoreKey(event.result)),
    addable: ({ context }) =>
      appIconError(context.icon) === null &&
      !!context.selected &&
      !context.existing.includes(listingStoreKey(context.selected)),
  },
  actions: {
    notify,
    /** The app exists: refresh the session's workspaces and open the new app (provided by the binding). */
    created: (_args, _params: { id: string }) => {},
  },
}).createMachine({
  id: 'addApp',
  context: ({ input }) => ({
    ...fresh,
    workspaceId: input.workspaceId,
    existing: input.existing ?? [],
    catalogue: null,
    createdId: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'search', actions: assign({ ...fresh, createdId: null }) } },
    },
    search: {
      initial: 'idle',
      on: {
        CLOSE: 'closed',
        TYPE: { target: '.check', actions: assign({ query: ({ event }) => event.query }) },
        SET_PLATFORM: { target: '.check', actions: assign({ platform: ({ event }) => event.platform }) },
        USE_URL: { target: 'url', actions: assign({ urlError: null }) },
      },
      states: {
        check: {
          always: [
            { guard: 'queryLongEnough', target: 'debouncing' },
            { target: 'idle', actions: assign({ results: [], searchError: null }) },
          ],
        },
        idle: {},
        debouncing: { after: { searchDebounce: 'searching' } },
        searching: {
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ platform: context.platform, query: context.query.trim() }),
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: 'results',
                actions: assign({
                  results: ({ event }) => event.output.data,
                  catalogue: ({ event, context }) => event.output.catalogue ?? context.catalogue,
                  searchError: null,
                }),
              },
              { target: 'failed', actions: assign({ results: [], searchError: SEARCH_ERRORS.search_failed }) },
            ],
            onError: { target: 'failed', actions: assign({ results: [], searchError: SEARCH_ERRORS.search_failed }) },
          },
        },
        results: {
          on: {
            SELECT: {
              guard: 'selectable',
              target: '#addApp.review',
              actions: assign({ selected: ({ event }) => event.result, icon: null, iconError: null, error: null }),
            },
          },
        },
        failed: {},
      },
    },
    url: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            CLOSE: '#addApp.closed',
            BACK: '#addApp.search.check',
            CHANGE_URL: { actions: assign({ url: ({ event }) => event.url, urlError: null }) },
            SUBMIT_URL: [
              { guard: 'urlLooksValid', target: 'looking', actions: assign({ urlError: null }) },
              { actions: assign({ urlError: SEARCH_ERRORS.invalid_url }) },
            ],
          },
        },
        looking: {
          invoke: {
            id: 'lookup',
            src: 'lookup',
            input: ({ context }) => ({ url: context.url.trim() }),
            onDone: [
              {
                guard: { type: 'listingFound', params: ({ event }) => event.output },
                target: '#addApp.review',
                actions: assign({
                  selected: ({ event }) => event.output.data!,
                  catalogue: ({ event, context }) => event.output.catalogue ?? context.catalogue,
                  icon: null,
                  iconError: null,
                  error: null,
                }),
              },
              { target: 'editing', actions: assign({ urlError: ({ event }) => lookupMessage(event.output) }) },
            ],
            onError: { target: 'editing', actions: assign({ urlError: SEARCH_ERRORS.fallback }) },
          },
        },
      },
    },
    review: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            CLOSE: '#addApp.closed',
            BACK: { target: '#addApp.search.check', actions: assign({ error: null }) },
            PICK_ICON: {
              actions: assign({ icon: ({ event }) => event.file, iconError: ({ event }) => appIconError(event.file) }),
            },
            ADD: { guard: 'addable', target: 'adding', actions: assign({ error: null }) },
          },
        },
        adding: {
          invoke: {
            id: 'createApp',
            src: 'createApp',
            input: ({ context }) => ({
              workspaceId: context.workspaceId,
              listing: context.selected!,
              icon: context.icon,
            }),
            onDone: [
              {
                guard: { type: 'appCreated', params: ({ event }) => event.output },
                target: '#addApp.closed',
                actions: [
                  assign({ createdId: ({ event }) => event.output.data!.id }),
                  { type: 'created', params: ({ event }) => ({ id: event.output.data!.id }) },
                ],
              },
              {
                target: 'ready',
                actions: [
                  assign({ error: CREATE_APP_FAILED }),
                  { type: 'notify', params: { message: CREATE_APP_FAILED, kind: 'error' } },
                ],
              },
            ],
            onError: {
              target: 'ready',
              actions: [
                assign({ error: ({ event }) => createFailure(event.error) }),
                {
                  type: 'notify',
                  params: ({ event }) => ({ message: createFailure(event.error), kind: 'error' as const }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
