/**
 * Paths of the image-slot machine (src/machines/image-slot/image-slot.machine.ts): every state reachable; the journeys
 * the issue names — a too-large file, a PNG (by its claimed type, and a PNG renamed .jpg caught by its bytes), a
 * too-wide image, an unreadable file, a good JPEG compressed under 1 MB handed to the form — and a new drop replacing
 * an error, CLEAR back to idle.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { imageSlotMachine } from '../../src/machines/image-slot/image-slot.machine';
import {
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const MB = 1024 * 1024;
const SCREENSHOT = { kind: 'screenshot' as const };
const BACKGROUND = { kind: 'background' as const };
const compressed = { name: 'shot.jpg', size: 310_000, type: 'image/jpeg' };
const model = defineModel(imageSlotMachine, {
  DROP: [
    { type: 'DROP', file: { name: 'shot.jpg', size: 2 * MB, type: 'image/jpeg' } },
    { type: 'DROP', file: { name: 'huge.jpg', size: 3 * MB + 1, type: 'image/jpeg' } },
    { type: 'DROP', file: { name: 'shot.png', size: 200_000, type: 'image/png' } },
  ],
  CLEAR: { type: 'CLEAR' },
  'xstate.done.actor.readImage': [
    done('readImage', { jpeg: true, dimensions: { width: 480, height: 640 } }),
    done('readImage', { jpeg: true, dimensions: { width: 481, height: 640 } }),
    done('readImage', { jpeg: true, dimensions: null }),
    done('readImage', { jpeg: false, dimensions: null }),
  ],
  'xstate.error.actor.readImage': failed('readImage', new Error('read failed')),
  'xstate.done.actor.compressImage': done('compressImage', compressed),
  'xstate.error.actor.compressImage': failed('compressImage', new Error('canvas failed')),
});
const ev = {
  good: fixture(model, 'DROP', 0),
  tooLarge: fixture(model, 'DROP', 1),
  png: fixture(model, 'DROP', 2),
  clear: fixture(model, 'CLEAR'),
};
const read = {
  fits: fixture(model, 'xstate.done.actor.readImage', 0),
  tooWide: fixture(model, 'xstate.done.actor.readImage', 1),
  unreadable: fixture(model, 'xstate.done.actor.readImage', 2),
  notJpegBytes: fixture(model, 'xstate.done.actor.readImage', 3),
  failed: fixture(model, 'xstate.error.actor.readImage'),
};
const compress = {
  done: fixture(model, 'xstate.done.actor.compressImage'),
  failed: fixture(model, 'xstate.error.actor.compressImage'),
};
const path = (events: EventObject[], input: { kind: 'screenshot' | 'background' } = SCREENSHOT) =>
  pathOf(imageSlotMachine, events, input);
const pending = imageSlotMachine.provide({ actors: { readImage: pendingForever(), compressImage: pendingForever() } });

describe('image-slot machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(imageSlotMachine, model.events, { input: SCREENSHOT });
    expect(unreachedStateNodeIds(imageSlotMachine, paths)).toEqual([]);
  });

  it('a good JPEG is read, compressed under 1 MB and handed to the form', async () => {
    const journey = path([ev.good, read.fits, compress.done]);
    expect(journey.steps[1]!.state.matches('reading')).toBe(true);
    expect(journey.steps[2]!.state.matches('compressing')).toBe(true);
    expect(journey.state.matches('ready')).toBe(true);
    expect(journey.state.context.result!.size).toBeLessThanOrEqual(MB);
    expect(journey.state.context.dimensions).toEqual({ width: 480, height: 640 });
    const { machine, spies } = spyActions(pending, ['accepted']);
    await replay(machine, journey, SCREENSHOT);
    expect(spies.accepted).toHaveBeenCalledWith(compressed);
  });

  it('a file over 3 MB and a PNG are refused at once, before anything is read', () => {
    const large = path([ev.tooLarge]);
    expect(large.state.matches('error')).toBe(true);
    expect(large.state.context.error).toBe('File is too large! Maximum size is 3MB.');
    const png = path([ev.png]);
    expect(png.state.matches('error')).toBe(true);
    expect(png.state.context.error).toBe('File type not supported! Please upload a JPEG image.');
    expect(path([ev.good, read.notJpegBytes]).state.context.error).toBe(
      'File type not supported! Please upload a JPEG image.',
    );
  });

  it('a too-wide image is refused with its slot limit (blocking), an unreadable file with its own words', async () => {
    const wide = path([ev.good, read.tooWide]);
    expect(wide.state.matches('error')).toBe(true);
    expect(wide.state.context.error).toBe('Image must not exceed 480 × 640 pixels.');
    expect(path([ev.good, read.fits], BACKGROUND).state.context.error).toBe('Image must not exceed 640 × 360 pixels.');
    for (const unreadable of [read.unreadable, read.failed]) {
      const journey = path([ev.good, unreadable]);
      expect(journey.state.matches('error')).toBe(true);
      expect(journey.state.context.error).toBe('Invalid image file.');
    }
    expect(path([ev.good, read.fits, compress.failed]).state.context.error).toBe('Invalid image file.');
    const { machine, spies } = spyActions(pending, ['accepted']);
    await replay(machine, wide, SCREENSHOT);
    expect(spies.accepted).not.toHaveBeenCalled();
  });

  it('a new drop replaces an error and restarts a running check; CLEAR returns to idle', () => {
    const again = path([ev.png, ev.good, read.fits]);
    expect(again.state.matches('compressing')).toBe(true);
    expect(again.state.context.error).toBeNull();
    const restarted = path([ev.good, ev.good]);
    expect(restarted.state.matches('reading')).toBe(true);
    const cleared = path([ev.tooLarge, ev.clear]);
    expect(cleared.state.matches('idle')).toBe(true);
    expect(cleared.state.context).toMatchObject({ file: null, error: null });
  });
});
