/**
 * One CMS image drop slot of Settings → Details (docs/app-settings.md §Screens and routes App Details: 4 screenshot slots and one background slot;
 * §Rules and limits CMS images: JPEG only, at most 3 MB, the dimension check on image load, recompression to JPEG; §Rules and limits limits).
 *
 *   idle ─DROP─┬─ not a JPEG (claimed type) ──► error 'File type not supported! Please upload a JPEG image.'
 *              ├─ over 3 MB ──────────────────► error 'File is too large! Maximum size is 3MB.'
 *              └─► reading (readImage: magic bytes + dimensions on load)
 *                    ├─ bytes not a JPEG ─────► error (type words)
 *                    ├─ unreadable ───────────► error 'Invalid image file.'
 *                    ├─ over the slot's limit ► error 'Image must not exceed {w} × {h} pixels.'
 *                    └─► compressing (0.8 → 0.3 until ≤ 1 MB, within the slot's box)
 *                          ├─ done ───────────► ready (`accepted` hands the JPEG to the details form)
 *                          └─ failed ─────────► error 'Invalid image file.'
 *   DROP in any state starts again with the new file (a running read or compression is cancelled); CLEAR → idle.
 *
 * Decision (docs/app-settings.md §Rules and limits leaves open whether the load check blocks): it BLOCKS. An unreadable file cannot be decoded, so it
 * can be neither previewed nor recompressed, and an image over the limit would be refused by the server's own check
 * of the bytes (server/areas/app-settings/cms/cms.ts) — letting either through would only move the error to Save Changes, after
 * the user believed the slot was filled. So the slot shows the error and keeps the previous image of the form.
 * The calls and `accepted` are provided by image-slot.actors.ts.
 */
import { assign, setup } from 'xstate';
import {
  CMS_FILE_TYPE_NOT_SUPPORTED,
  CMS_INVALID_IMAGE_FILE,
  cmsImageFileError,
  imageDimensionsError,
  type CmsImageKind,
  type Dimensions,
  type FileInfo,
} from '../../contracts/cms';
import { toProvide } from '../shared/to-provide';

/** The part of a dropped File the machine reads (the binding passes real Files through). */
export interface ImageFile extends FileInfo {
  name: string;
}
export interface ImageSlotInput {
  kind: CmsImageKind;
}
export interface ImageSlotContext {
  kind: CmsImageKind;
  file: ImageFile | null;
  dimensions: Dimensions | null;
  /** The recompressed JPEG, once ready. */
  result: ImageFile | null;
  error: string | null;
}
export type ImageSlotEvent = { type: 'DROP'; file: ImageFile } | { type: 'CLEAR' };
/** What reading a file found: whether its bytes start as a JPEG, and its size once loaded as an image (null: unreadable). */
export interface ImageReading {
  jpeg: boolean;
  dimensions: Dimensions | null;
}

const readingError = (kind: CmsImageKind, reading: ImageReading) =>
  !reading.jpeg ? CMS_FILE_TYPE_NOT_SUPPORTED : imageDimensionsError(kind, reading.dimensions);

export const imageSlotMachine = setup({
  types: {
    context: {} as ImageSlotContext,
    events: {} as ImageSlotEvent,
    input: {} as ImageSlotInput,
    children: {} as { readImage: 'readImage'; compressImage: 'compressImage' },
  },
  actors: {
    readImage: toProvide<ImageReading, { file: ImageFile }>('readImage'),
    compressImage: toProvide<ImageFile, { file: ImageFile; kind: CmsImageKind; dimensions: Dimensions }>(
      'compressImage',
    ),
  },
  guards: {
    /** The image read does not fit its slot (size, dimensions). */
    unreadable: ({ context }, reading: ImageReading) => readingError(context.kind, reading) !== null,
    fileRefused: ({ event }) => event.type === 'DROP' && cmsImageFileError(event.file) !== null,
  },
  actions: {
    /** The recompressed JPEG is ready: the binding hands it to the details form. */
    accepted: (_args, _file: ImageFile) => {},
  },
}).createMachine({
  id: 'imageSlot',
  context: ({ input }) => ({ kind: input.kind, file: null, dimensions: null, result: null, error: null }),
  initial: 'idle',
  on: {
    DROP: [
      {
        guard: 'fileRefused',
        target: '.error',
        actions: assign(({ event }) => ({
          file: event.file,
          dimensions: null,
          result: null,
          error: cmsImageFileError(event.file),
        })),
      },
      {
        target: '.reading',
        reenter: true,
        actions: assign(({ event }) => ({ file: event.file, dimensions: null, result: null, error: null })),
      },
    ],
    CLEAR: { target: '.idle', actions: assign({ file: null, dimensions: null, result: null, error: null }) },
  },
  states: {
    idle: {},
    reading: {
      invoke: {
        id: 'readImage',
        src: 'readImage',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: { type: 'unreadable', params: ({ event }) => event.output },
            target: 'error',
            actions: assign({ error: ({ context, event }) => readingError(context.kind, event.output) }),
          },
          { target: 'compressing', actions: assign({ dimensions: ({ event }) => event.output.dimensions }) },
        ],
        onError: { target: 'error', actions: assign({ error: CMS_INVALID_IMAGE_FILE }) },
      },
    },
    compressing: {
      invoke: {
        id: 'compressImage',
        src: 'compressImage',
        input: ({ context }) => ({ file: context.file!, kind: context.kind, dimensions: context.dimensions! }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'accepted', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'error', actions: assign({ error: CMS_INVALID_IMAGE_FILE }) },
      },
    },
    ready: {},
    error: {},
  },
});
