/**
 * One image slot's table (src/machines/image-slot/image-slot.machine.ts, src/views/settings/details/ImageDropSlot.tsx;
 * docs/app-settings.md §Rules and limits CMS images): each DROP → a file set on Screenshot 1's drop zone of the Details
 * tab (a throwaway app whose listing is written through the API), CLEAR → its Remove; each state → the slot's words,
 * its 'Checking image…' / 'Compressing…' overlay, its error and its preview.
 *
 * The slot's calls run in the page: reading the bytes and recompressing are held by browser gates (browser-gate.ts)
 * and let through (the real result: a PNG named .jpg, a JPEG too wide, an unreadable one, a good one), or failed.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  imageSlotMachine,
  type ImageSlotContext,
  type ImageSlotEvent,
} from '../../../src/machines/image-slot/image-slot.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { crashEvent, doneEvent, type FlowTable, type Ui } from './driver';
import { throwawayApp } from './attribution-apps';
import { jpeg, writeListing } from './app-details.paths';
import { gateOutcome, installBrowserGates } from './browser-gate';

const MB = 1024 * 1024;
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BROKEN = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);

interface SlotUi extends Ui {
  workspaceId: string;
  appId: string;
}
type Ev<K extends ImageSlotEvent['type']> = Extract<ImageSlotEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ImageSlotContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');

const drop = (name: string, type: string, size: number): Ev<'DROP'> => ({ type: 'DROP', file: { name, type, size } });
const E = {
  huge: drop('huge.jpg', 'image/jpeg', 3 * MB + 1),
  png: drop('shot.png', 'image/png', TINY_PNG.length),
  renamed: drop('renamed.jpg', 'image/jpeg', TINY_PNG.length),
  wide: drop('wide.jpg', 'image/jpeg', 30_000),
  broken: drop('broken.jpg', 'image/jpeg', BROKEN.length),
  good: drop('shot.jpg', 'image/jpeg', 30_000),
  clear: { type: 'CLEAR' },
  readNotJpeg: doneEvent('readImage', { jpeg: false, dimensions: null }),
  readWide: doneEvent('readImage', { jpeg: true, dimensions: { width: 481, height: 640 } }),
  readUnreadable: doneEvent('readImage', { jpeg: true, dimensions: null }),
  read: doneEvent('readImage', { jpeg: true, dimensions: { width: 240, height: 320 } }),
  readFailed: crashEvent('readImage'),
  compressed: doneEvent('compressImage', { name: 'shot.jpg', type: 'image/jpeg', size: 10_000 }),
  compressFailed: crashEvent('compressImage'),
} satisfies Record<string, ImageSlotEvent | EventObject>;

const readLabel = (event: EventObject) => {
  if (isCrash(event)) return 'read fails';
  const out = (event as EventObject & { output: { jpeg: boolean; dimensions: { width: number } | null } }).output;
  return !out.jpeg
    ? 'read: not a JPEG'
    : !out.dimensions
      ? 'read: unreadable'
      : `read: ${out.dimensions.width} px wide`;
};

const ID = (ui: SlotUi) => `${ui.appId}:screenshot:0`;
const input = (ui: SlotUi) => ui.page.getByTestId(`${ID(ui)}-input`);
const chooser = (ui: SlotUi) => ui.page.getByRole('button', { name: 'Choose a JPEG for Screenshot 1', exact: true });
const preview = (ui: SlotUi) => ui.page.getByRole('img', { name: 'Screenshot 1 preview', exact: true });
const slotError = (ui: SlotUi) => ui.page.locator(`[id="${ID(ui)}-error"]`);
const step = (ui: SlotUi, words: 'Checking image…' | 'Compressing…') => ui.page.getByText(words, { exact: true });

export const imageSlotTable: FlowTable<SlotUi> = {
  flow: 'image-slot',
  machine: imageSlotMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).error, ctx(state).file?.name ?? null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await installBrowserGates(page);
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    await writeListing(page.request, token, appId);
    return { page, workspaceId, appId };
  },
  traversals: [
    {
      // Refused before reading (too large, not a JPEG by type); after reading (PNG bytes, too wide, unreadable, the
      // read failing); the recompression failing; then a good JPEG recompressed and shown, and removed.
      name: 'every refusal, then a good image, removed',
      kind: 'journey',
      input: { kind: 'screenshot' },
      open: async (ui) => {
        await ui.page.goto(appPath(ui.appId, 'settings/details', ui.workspaceId));
        await expect(chooser(ui)).toBeEnabled({ timeout: 60_000 });
      },
      events: [
        E.huge,
        E.png,
        E.renamed,
        E.readNotJpeg,
        E.wide,
        E.readWide,
        E.broken,
        E.readUnreadable,
        E.good,
        E.readFailed,
        E.good,
        E.read,
        E.compressFailed,
        E.good,
        E.read,
        E.compressed,
        E.clear,
      ],
    },
  ],
  events: {
    DROP: {
      act: async (ui, event: Ev<'DROP'>) => {
        const { name, type } = event.file;
        const file =
          name === 'huge.jpg'
            ? { name, mimeType: type, buffer: Buffer.alloc(3 * MB + 1, 0xff) }
            : name === 'shot.png' || name === 'renamed.jpg'
              ? { name, mimeType: type, buffer: TINY_PNG }
              : name === 'broken.jpg'
                ? { name, mimeType: type, buffer: BROKEN }
                : await jpeg(ui.page, name === 'wide.jpg' ? 481 : 240, name === 'wide.jpg' ? 640 : 320, name);
        await input(ui).setInputFiles(file);
      },
      label: (event: Ev<'DROP'>) => `drop ${event.file.name}`,
    },
    CLEAR: { act: (ui) => ui.page.getByRole('button', { name: 'Remove Screenshot 1', exact: true }).click() },
    'xstate.done.actor.readImage': gateOutcome('readBytes', () => true, readLabel),
    'xstate.error.actor.readImage': gateOutcome('readBytes', () => false, readLabel),
    'xstate.done.actor.compressImage': gateOutcome(
      'encode',
      () => true,
      () => 'compressed',
    ),
    'xstate.error.actor.compressImage': gateOutcome(
      'encode',
      () => false,
      () => 'compression fails',
    ),
  },
  states: {
    'imageSlot.idle': async (ui) => {
      await expect(slotError(ui)).toHaveCount(0);
      await expect(preview(ui)).toHaveCount(0);
      await expect(ui.page.getByText('Drop a JPEG here: up to 3 MB, at most 480 × 640 px').first()).toBeVisible();
      await expect(chooser(ui)).toBeEnabled();
    },
    'imageSlot.reading': async (ui) => {
      await expect(step(ui, 'Checking image…')).toBeVisible();
      await expect(chooser(ui)).toBeDisabled();
    },
    'imageSlot.compressing': async (ui) => {
      await expect(step(ui, 'Compressing…')).toBeVisible();
      await expect(chooser(ui)).toBeDisabled();
    },
    'imageSlot.ready': async (ui) => {
      await expect(preview(ui)).toBeVisible();
      await expect(slotError(ui)).toHaveCount(0);
      await expect(step(ui, 'Compressing…')).toHaveCount(0);
    },
    'imageSlot.error': async (ui, state) => {
      // The slot's own words, also the description of its chooser; the slot blocks (no preview).
      const words = ctx(state).error!;
      await expect(slotError(ui)).toHaveText(words);
      await expect(chooser(ui)).toHaveAccessibleDescription(words);
      await expect(preview(ui)).toHaveCount(0);
      await expect(chooser(ui)).toBeEnabled();
    },
  },
  timeout: 120_000,
};
