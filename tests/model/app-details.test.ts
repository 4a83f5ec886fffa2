/**
 * Paths of the app-details machine (src/machines/app-details/app-details.machine.ts): every state reachable; loading
 * the listing into the form, 'No details found for this app.', a load failure and retry; a save with new screenshots
 * and background (the multipart request keeps stored URLs in place and fills the rest from the uploads in order); a
 * failed save keeping every edit with the words (docs/app-settings.md §Messages) (or the server's on 400/403); Discard changes.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { appDetailsMachine, saveInputOf } from '../../src/machines/app-details/app-details.machine';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';
import { cmsDetails } from '../fixtures/cms';

const FAILED = 'Something went wrong when updating the app details. Try again later!';
const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const INPUT = { appId: 'app_android_1' };
const shot = { name: 'new.jpg', size: 300_000, type: 'image/jpeg' };
const bg = { name: 'bg.jpg', size: 200_000, type: 'image/jpeg' };
const model = defineModel(appDetailsMachine, {
  CHANGE: [
    { type: 'CHANGE', field: 'shortDescription', value: 'Merge and conquer.' },
    { type: 'CHANGE', field: 'fullDescription', value: 'Line one\nLine two' },
  ],
  SET_IMAGE: [
    { type: 'SET_IMAGE', slot: 3, file: shot },
    { type: 'SET_IMAGE', slot: 'background', file: bg },
  ],
  REMOVE_IMAGE: { type: 'REMOVE_IMAGE', slot: 0 },
  SUBMIT: { type: 'SUBMIT' },
  RESET: { type: 'RESET' },
  RETRY: { type: 'RETRY' },
  'xstate.done.actor.loadDetails': [
    done('loadDetails', { success: true, data: cmsDetails }),
    done('loadDetails', { success: true, data: null, message: 'No details found for this app.' }),
    done('loadDetails', { success: false, data: null }),
  ],
  'xstate.error.actor.loadDetails': failed('loadDetails', serverCrash()),
  'xstate.done.actor.saveDetails': [
    done('saveDetails', { success: true, message: 'App details saved.' }),
    done('saveDetails', { success: false }),
  ],
  'xstate.error.actor.saveDetails': [
    failed('saveDetails', serverCrash()),
    failed('saveDetails', apiError(403, VIEW_ONLY, 'access_missing_role_for_action')),
    failed('saveDetails', apiError(400, 'Image must not exceed 480 × 640 pixels.', 'invalid')),
    failed('saveDetails', apiError(413, 'Request body is too large.', 'too_large')),
  ],
});
const ev = {
  short: fixture(model, 'CHANGE', 0),
  full: fixture(model, 'CHANGE', 1),
  shot: fixture(model, 'SET_IMAGE', 0),
  background: fixture(model, 'SET_IMAGE', 1),
  remove: fixture(model, 'REMOVE_IMAGE'),
  submit: fixture(model, 'SUBMIT'),
  reset: fixture(model, 'RESET'),
  retry: fixture(model, 'RETRY'),
};
const load = {
  found: fixture(model, 'xstate.done.actor.loadDetails', 0),
  none: fixture(model, 'xstate.done.actor.loadDetails', 1),
  refused: fixture(model, 'xstate.done.actor.loadDetails', 2),
  crashed: fixture(model, 'xstate.error.actor.loadDetails'),
};
const save = {
  ok: fixture(model, 'xstate.done.actor.saveDetails', 0),
  refused: fixture(model, 'xstate.done.actor.saveDetails', 1),
  crashed: fixture(model, 'xstate.error.actor.saveDetails', 0),
  viewer: fixture(model, 'xstate.error.actor.saveDetails', 1),
  invalid: fixture(model, 'xstate.error.actor.saveDetails', 2),
  tooLarge: fixture(model, 'xstate.error.actor.saveDetails', 3),
};
const path = (events: EventObject[]) => pathOf(appDetailsMachine, events, INPUT);
const pending = appDetailsMachine.provide({ actors: { loadDetails: pendingForever(), saveDetails: pendingForever() } });

describe('app-details machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(appDetailsMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.error, s.context.form?.shortDescription ?? null]),
    });
    expect(unreachedStateNodeIds(appDetailsMachine, paths)).toEqual([]);
  });

  it('loads the listing into the form: texts, screenshots in slot order (4 slots), the background', () => {
    const loaded = path([load.found]);
    expect(loaded.state.matches('editing')).toBe(true);
    expect(loaded.state.context.form).toEqual({
      shortDescription: cmsDetails.shortDescription,
      fullDescription: cmsDetails.fullDescription,
      screenshots: [
        { url: cmsDetails.screenshots[0], file: null },
        { url: cmsDetails.screenshots[1], file: null },
        { url: cmsDetails.screenshots[2], file: null },
        { url: null, file: null },
      ],
      background: { url: cmsDetails.backgroundImage, file: null },
    });
  });

  it("'No details found for this app.' when none exist; a failed load offers a retry", () => {
    expect(path([load.none]).state.matches('empty')).toBe(true);
    for (const failure of [load.refused, load.crashed]) {
      const journey = path([failure, ev.retry]);
      expect(journey.steps[1]!.state.matches('loadFailed')).toBe(true);
      expect(journey.state.matches('loading')).toBe(true);
    }
  });

  it("saves texts, a new screenshot, a removed one and a new background: 'App details saved.', then reloads", async () => {
    const journey = path([load.found, ev.short, ev.remove, ev.shot, ev.background, ev.submit, save.ok]);
    const saving = journey.steps[6]!.state;
    expect(saving.matches('saving')).toBe(true);
    expect(saveInputOf(INPUT.appId, saving.context.form!)).toEqual({
      appId: INPUT.appId,
      data: {
        shortDescription: 'Merge and conquer.',
        fullDescription: cmsDetails.fullDescription,
        screenshots: [cmsDetails.screenshots[1], cmsDetails.screenshots[2], null],
        backgroundImage: null,
      },
      screenshots: [shot],
      backgroundImage: bg,
    });
    expect(journey.state.matches('loading')).toBe(true);
    const { machine, spies } = spyActions(pending, ['notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'App details saved.', kind: 'success' });
  });

  it("a failed save keeps every edit (texts and images), with docs/app-settings.md §Messages words or the server's own refusal", async () => {
    const cases: Array<[EventObject, string]> = [
      [save.refused, FAILED],
      [save.crashed, FAILED],
      [save.viewer, VIEW_ONLY],
      [save.invalid, 'Image must not exceed 480 × 640 pixels.'],
      [save.tooLarge, 'File is too large! Maximum size is 3MB.'],
    ];
    for (const [failure, message] of cases) {
      const journey = path([load.found, ev.full, ev.shot, ev.background, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.error).toBe(message);
      expect(journey.state.context.form!.fullDescription).toBe('Line one\nLine two');
      expect(journey.state.context.form!.screenshots[3]).toEqual({ url: null, file: shot });
      expect(journey.state.context.form!.background).toEqual({ url: null, file: bg });
      const { machine, spies } = spyActions(pending, ['notify']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      // Save Changes can be pressed again with the same edits.
      expect(journey.state.can(ev.submit)).toBe(true);
    }
  });

  it('cancel: Discard changes restores the stored listing', () => {
    const discarded = path([load.found, ev.short, ev.remove, ev.background, ev.reset]);
    expect(discarded.state.context.form).toEqual(path([load.found]).state.context.form);
    expect(path([load.found, ev.submit]).state.can(ev.reset)).toBe(false);
  });
});
