/**
 * Settings → Details, the app's store listing (docs/app-settings.md §Screens and routes App Details tab: Short / Full Description, read-only Rating and
 * Genres, 4 screenshot slots and a background slot, Save Changes; §Entities CMS app details; §API endpoints update CMS details as
 * multipart data + screenshots + backgroundImage; §Messages 'Something went wrong when updating the app details. Try again
 * later!'; 'No details found for this app.' when none exist).
 *
 *   loading ─┬─ data ──────────────► editing ─SUBMIT─► saving ─┬─ success ────────► loading (fresh URLs; 'App details saved.')
 *            ├─ data null ─────────► empty ('No details found for this app.')     ├─ success: false ─► editing UPDATE_DETAILS_FAILED
 *            └─ failed / false ────► loadFailed ─RETRY─► loading                   ├─ 400 / 403 ──────► editing, the server's words
 *                                                                                  ├─ 413 ────────────► editing 'File is too large! …'
 *   editing: CHANGE (texts), SET_IMAGE (a slot's recompressed JPEG, sent by     └─ anything else ──► editing UPDATE_DETAILS_FAILED
 *   its image-slot actor), REMOVE_IMAGE, RESET (the saved listing).
 *
 * Every edit (texts and dropped images) is kept after a failed save, so Save Changes can simply be pressed again.
 * The images are checked and recompressed by the image-slot machine before they reach this one. The calls and
 * `notify` are provided by app-details.actors.ts.
 */
import { assign, setup } from 'xstate';
import type * as t from 'io-ts';
import type { SuccessMessage } from '../../contracts/codecs';
import {
  CMS_FILE_TOO_LARGE,
  DETAILS_UPDATED,
  SCREENSHOT_SLOTS,
  UPDATE_DETAILS_FAILED,
  type CmsAppDetails,
  type CmsDetailsResponse,
  type CmsDetailsUpdate,
} from '../../contracts/cms';
import type { ImageFile } from '../image-slot/image-slot.machine';
import { hasStatus, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

/** A slot shows a stored image (url), a new recompressed JPEG (file, sent on save), or nothing. */
export interface Slot {
  url: string | null;
  file: ImageFile | null;
}
/** Screenshot slots 0–3, or the background. */
export type SlotId = number | 'background';
export interface DetailsForm {
  shortDescription: string;
  fullDescription: string;
  screenshots: Slot[];
  background: Slot;
}
export interface AppDetailsContext {
  appId: string;
  details: CmsAppDetails | null;
  form: DetailsForm | null;
  error: string | null;
}
export type AppDetailsEvent =
  | { type: 'CHANGE'; field: 'shortDescription' | 'fullDescription'; value: string }
  | { type: 'SET_IMAGE'; slot: SlotId; file: ImageFile }
  | { type: 'REMOVE_IMAGE'; slot: SlotId }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }
  | { type: 'RETRY' };
export interface SaveInput {
  appId: string;
  data: CmsDetailsUpdate;
  screenshots: ImageFile[];
  backgroundImage: ImageFile | null;
}

const empty: Slot = { url: null, file: null };
/** The form of a stored listing: its texts, its screenshots in slot order, its background. */
export function formOf(details: CmsAppDetails): DetailsForm {
  return {
    shortDescription: details.shortDescription,
    fullDescription: details.fullDescription,
    screenshots: Array.from({ length: SCREENSHOT_SLOTS }, (_, i) => ({
      url: details.screenshots[i] ?? null,
      file: null,
    })),
    background: { url: details.backgroundImage ?? null, file: null },
  };
}

/**
 * The save request: kept URLs stay in place, each new file is a null entry filled by the uploads in order (the
 * contract's rule), emptied slots are left out; the background is its kept URL, null when removed or replaced.
 */
export function saveInputOf(appId: string, form: DetailsForm): SaveInput {
  const filled = form.screenshots.filter((slot) => slot.file || slot.url);
  return {
    appId,
    data: {
      shortDescription: form.shortDescription,
      fullDescription: form.fullDescription,
      screenshots: filled.map((slot) => (slot.file ? null : slot.url)),
      backgroundImage: form.background.file ? null : form.background.url,
    },
    screenshots: filled.flatMap((slot) => (slot.file ? [slot.file] : [])),
    backgroundImage: form.background.file,
  };
}

const withSlot = (form: DetailsForm, slot: SlotId, value: Slot): DetailsForm =>
  slot === 'background'
    ? { ...form, background: value }
    : { ...form, screenshots: form.screenshots.map((current, i) => (i === slot ? value : current)) };

function failureWords(error: unknown): string {
  if (hasStatus(error, 413)) return CMS_FILE_TOO_LARGE;
  if (hasStatus(error, 403) || hasStatus(error, 400)) return serverWords(error) ?? UPDATE_DETAILS_FAILED;
  return UPDATE_DETAILS_FAILED;
}

export const appDetailsMachine = setup({
  types: {
    context: {} as AppDetailsContext,
    events: {} as AppDetailsEvent,
    input: {} as { appId: string },
    children: {} as { loadDetails: 'loadDetails'; saveDetails: 'saveDetails' },
  },
  actors: {
    loadDetails: toProvide<t.TypeOf<typeof CmsDetailsResponse>, { appId: string }>('loadDetails'),
    saveDetails: toProvide<SuccessMessage, SaveInput>('saveDetails'),
  },
  guards: {
    noDetails: (_, answer: { data: unknown }) => answer.data === null,
    answerSucceeded,
    loadRefused: (_, answer: { success: boolean }) => !answer.success,
    hasForm: ({ context }) => context.form !== null,
  },
  actions: { notify },
}).createMachine({
  id: 'appDetails',
  context: ({ input }) => ({ appId: input.appId, details: null, form: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        input: ({ context }) => ({ appId: context.appId }),
        onDone: [
          { guard: { type: 'loadRefused', params: ({ event }) => event.output }, target: 'loadFailed' },
          {
            guard: { type: 'noDetails', params: ({ event }) => event.output },
            target: 'empty',
            actions: assign({ details: null, form: null }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              details: event.output.data,
              form: formOf(event.output.data!),
              error: null,
            })),
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    empty: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        CHANGE: {
          guard: 'hasForm',
          actions: assign(({ context, event }) => ({ form: { ...context.form!, [event.field]: event.value } })),
        },
        SET_IMAGE: {
          guard: 'hasForm',
          actions: assign(({ context, event }) => ({
            form: withSlot(context.form!, event.slot, { url: null, file: event.file }),
          })),
        },
        REMOVE_IMAGE: {
          guard: 'hasForm',
          actions: assign(({ context, event }) => ({ form: withSlot(context.form!, event.slot, empty) })),
        },
        RESET: {
          guard: 'hasForm',
          actions: assign(({ context }) => ({ form: formOf(context.details!), error: null })),
        },
        SUBMIT: { guard: 'hasForm', target: 'saving', actions: assign({ error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveDetails',
        src: 'saveDetails',
        input: ({ context }) => saveInputOf(context.appId, context.form!),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'loading',
            actions: { type: 'notify', params: { message: DETAILS_UPDATED, kind: 'success' } },
          },
          {
            target: 'editing',
            actions: [
              assign({ error: UPDATE_DETAILS_FAILED }),
              { type: 'notify', params: { message: UPDATE_DETAILS_FAILED, kind: 'error' } },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => failureWords(event.error) }),
            { type: 'notify', params: ({ event }) => ({ message: failureWords(event.error), kind: 'error' as const }) },
          ],
        },
      },
    },
  },
});
