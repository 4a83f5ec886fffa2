// Model-based paths of the spreadsheet-export machine (docs/analyze.md §Report states "Spreadsheet export", §Messages export messages, §Rules and limits delays):
// xstate/graph explores the machine with a payload fixture for every event, keyed by event type (graph-harness.ts:
// the actors' done/error events and the delayed transitions included), every state node must be reachable, and the
// journeys end where they should.
// A live actor then replays the journeys with spied actions and actors to check messages and actor inputs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, initialTransition, transition, type SnapshotFrom } from 'xstate';
import { getStateNodes, type StatePath } from 'xstate/graph';
import {
  spreadsheetExportMachine as machine,
  type SignInCommand,
  type SignInInput,
  type SpreadsheetExportEvent,
} from '../../src/machines/spreadsheet-export/spreadsheet-export.machine';
import { selectSpreadsheetExport } from '../../src/machines/spreadsheet-export/spreadsheet-export.selectors';
import { GoogleApiError } from '../../src/services/google-sheets.service';
import {
  after,
  defineModel,
  done,
  failed,
  fixture,
  pendingForever,
  recordedShortestPaths,
  recordedSimplePaths,
  spyActions,
} from './graph-harness';

type Snapshot = SnapshotFrom<typeof machine>;
type Path = StatePath<Snapshot, SpreadsheetExportEvent>;

// docs/analyze.md §Messages export messages, verbatim.
const POPUP_BLOCKED_MESSAGE = 'The browser blocked the pop-up. Please allow pop-ups and try again.';
const OPENING_SHEETS_MESSAGE = 'Opening Google Sheets!';
const SHEET_OPENED_MESSAGE = 'Google Sheet opened successfully!';
const CREATE_SHEET_FAILED_MESSAGE = 'Failed to create Google Sheet.';

const NOW = Date.now();
const AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=test&state=state-1';
const SHEET_URL = 'https://docs.google.com/spreadsheets/d/sheet-1/edit';
const VALUES = [
  ['date', 'new_users', 'note'],
  ['2024-03-01', 5120, '\'=HYPERLINK("x")'],
];

const model = defineModel(machine, {
  EXPORT: { type: 'EXPORT', title: 'Weekly KPIs', values: VALUES },
  RETRY: { type: 'RETRY' },
  DISMISS: { type: 'DISMISS' },
  AUTH_STARTED: { type: 'AUTH_STARTED', authUrl: AUTH_URL, oauthState: 'state-1' },
  POPUP_BLOCKED: { type: 'POPUP_BLOCKED' },
  POPUP_CLOSED: { type: 'POPUP_CLOSED' },
  AUTHORIZED: { type: 'AUTHORIZED', expiresAt: NOW + 3599_000 },
  AUTH_FAILED: { type: 'AUTH_FAILED', error: 'access_denied' },
  'xstate.after.popupCheckDelay.spreadsheetExport.authorizing.checkingPopup': after(
    'xstate.after.popupCheckDelay.spreadsheetExport.authorizing.checkingPopup',
  ),
  'xstate.after.sheetsOpenDelay.spreadsheetExport.opening': after(
    'xstate.after.sheetsOpenDelay.spreadsheetExport.opening',
  ),
  'xstate.error.actor.signIn': failed('signIn', new Error('provide signIn')),
  'xstate.done.actor.createSpreadsheet': done('createSpreadsheet', {
    spreadsheetId: 'sheet-1',
    spreadsheetUrl: SHEET_URL,
  }),
  'xstate.error.actor.createSpreadsheet': [
    failed('createSpreadsheet', new GoogleApiError(500, 'Internal error')),
    failed('createSpreadsheet', new GoogleApiError(401, 'Request had invalid authentication credentials.')),
  ],
  'xstate.done.actor.appendValues': done('appendValues', { spreadsheetId: 'sheet-1', updates: { updatedRows: 2 } }),
  'xstate.error.actor.appendValues': [
    failed('appendValues', new GoogleApiError(0, 'Google Sheets could not be reached.')),
    failed('appendValues', new GoogleApiError(401, 'expired')),
  ],
  'xstate.done.actor.openSheet': [done('openSheet', { opened: true }), done('openSheet', { opened: false })],
  'xstate.error.actor.openSheet': failed('openSheet', new Error('window.open threw')),
});

/** Events the machine receives from the system (actor results, delays) are typed by xstate, not by our union. */
const as = (event: ReturnType<typeof fixture>) => event as SpreadsheetExportEvent;
const ev = {
  export: as(fixture(model, 'EXPORT')),
  retry: as(fixture(model, 'RETRY')),
  dismiss: as(fixture(model, 'DISMISS')),
  authStarted: as(fixture(model, 'AUTH_STARTED')),
  popupBlocked: as(fixture(model, 'POPUP_BLOCKED')),
  popupClosed: as(fixture(model, 'POPUP_CLOSED')),
  authorized: as(fixture(model, 'AUTHORIZED')),
  authFailed: as(fixture(model, 'AUTH_FAILED')),
  created: as(fixture(model, 'xstate.done.actor.createSpreadsheet')),
  createFailed: as(fixture(model, 'xstate.error.actor.createSpreadsheet', 0)),
  createUnauthorized: as(fixture(model, 'xstate.error.actor.createSpreadsheet', 1)),
  appended: as(fixture(model, 'xstate.done.actor.appendValues')),
  appendFailed: as(fixture(model, 'xstate.error.actor.appendValues', 0)),
  appendUnauthorized: as(fixture(model, 'xstate.error.actor.appendValues', 1)),
  sheetOpened: as(fixture(model, 'xstate.done.actor.openSheet', 0)),
  sheetBlocked: as(fixture(model, 'xstate.done.actor.openSheet', 1)),
};
const fixtures = model.events as SpreadsheetExportEvent[];

const stateIds = getStateNodes(machine.root).map((node) => node.id);
const reached = (paths: Path[]) => new Set(paths.flatMap((path) => path.state._nodes.map((node) => node.id)));
const types = (path: Path) => path.steps.map((step) => step.event.type);

describe('spreadsheet-export machine: graph', () => {
  const shortest = recordedShortestPaths(machine, { events: fixtures }) as Path[];

  it('reaches every state node', () => {
    const reachedIds = reached(shortest);
    expect(stateIds.filter((id) => !reachedIds.has(id))).toEqual([]);
    for (const id of [
      'spreadsheetExport.blocked.signIn',
      'spreadsheetExport.blocked.sheet',
      'spreadsheetExport.done',
      'spreadsheetExport.failed',
    ]) {
      expect(reachedIds.has(id), id).toBe(true);
    }
  });

  it('success: sign in, create, append, wait 1 s, open the sheet, done', () => {
    const [path] = recordedShortestPaths(machine, { events: fixtures, toState: (s) => s.matches('done') }) as Path[];
    expect(types(path!)).toEqual([
      'xstate.init',
      'EXPORT',
      'AUTHORIZED',
      'xstate.done.actor.createSpreadsheet',
      'xstate.done.actor.appendValues',
      'xstate.after.sheetsOpenDelay.spreadsheetExport.opening',
      'xstate.done.actor.openSheet',
    ]);
    expect(path!.state.context.spreadsheet).toEqual({ id: 'sheet-1', url: SHEET_URL });
    expect(path!.state.context.tokenExpiresAt).toBe(NOW + 3599_000);
  });

  it('a blocked pop-up keeps the sign-in URL, and a retry from there can still reach done', () => {
    const blocked = (
      recordedShortestPaths(machine, { events: fixtures, toState: (s) => s.matches({ blocked: 'signIn' }) }) as Path[]
    ).find((path) => path.state.context.authUrl === AUTH_URL);
    expect(blocked, 'a path to blocked.signIn with the URL kept').toBeDefined();
    expect(types(blocked!)).toEqual(['xstate.init', 'EXPORT', 'AUTH_STARTED', 'POPUP_BLOCKED']);
    const retried = recordedShortestPaths(machine, {
      events: fixtures,
      filterEvents: (_, event) => event.type !== 'EXPORT',
      fromState: blocked!.state,
      toState: (s) => s.matches('done'),
    }) as Path[];
    expect(types(retried[0]!).slice(0, 3)).toEqual(['xstate.init', 'RETRY', 'AUTHORIZED']);
  });

  it('every simple path into failed went through a failed call or a refused sign-in', () => {
    const paths = recordedSimplePaths(machine, { events: fixtures, toState: (s) => s.matches('failed') }) as Path[];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const last = path.steps[path.steps.length - 1]!.event.type;
      expect([
        'xstate.error.actor.createSpreadsheet',
        'xstate.error.actor.appendValues',
        'xstate.error.actor.signIn',
        'AUTH_FAILED',
      ]).toContain(last);
    }
  });

  it('a 401 from Google forgets the token; other failures keep it', () => {
    const run = (...events: SpreadsheetExportEvent[]) => {
      let [snapshot] = initialTransition(machine);
      for (const event of events) [snapshot] = transition(machine, snapshot, event);
      return snapshot;
    };
    const unauthorized = run(ev.export, ev.authorized, ev.createUnauthorized);
    expect(unauthorized.value).toBe('failed');
    expect(unauthorized.context.tokenExpiresAt).toBeNull();
    expect(run(ev.export, ev.authorized, ev.created, ev.appendUnauthorized).context.tokenExpiresAt).toBeNull();
    const serverError = run(ev.export, ev.authorized, ev.createFailed);
    expect(serverError.value).toBe('failed');
    expect(serverError.context.tokenExpiresAt).toBe(NOW + 3599_000);
    expect(run(ev.export, ev.authorized, ev.created, ev.appendFailed).context.tokenExpiresAt).toBe(NOW + 3599_000);
  });

  it('never holds the access token: no state or event carries it', () => {
    for (const path of recordedSimplePaths(machine, {
      events: fixtures,
      toState: (s) => s.matches('done'),
    }) as Path[]) {
      expect(JSON.stringify(path.state.context)).not.toMatch(/ya29|accessToken/);
      for (const step of path.steps) expect(JSON.stringify(step.event)).not.toMatch(/ya29|accessToken/);
    }
  });

  it('never keeps a sign-in URL after a sign-in ends', () => {
    for (const path of shortest) {
      const s = path.state;
      if (s.matches('creating') || s.matches('done') || s.matches('failed') || s.matches('idle')) {
        expect(s.context.authUrl, JSON.stringify(s.value)).toBeNull();
        expect(s.context.oauthState).toBeNull();
      }
    }
  });

  it('maps states to the view model', () => {
    const view = (value: (s: Snapshot) => boolean) =>
      selectSpreadsheetExport((shortest.find((p) => value(p.state)) as Path).state);
    expect(view((s) => s.matches('idle')).phase).toBe('idle');
    expect(view((s) => s.matches('authorizing')).busy).toBe(true);
    expect(view((s) => s.matches('appending')).phase).toBe('working');
    expect(view((s) => s.matches({ blocked: 'sheet' })).blockedStep).toBe('sheet');
    expect(view((s) => s.matches({ blocked: 'signIn' })).blockedStep).toBe('signIn');
  });
});

describe('spreadsheet-export machine: live journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function live() {
    const signInInputs: SignInInput[] = [];
    const commands: SignInCommand[] = [];
    const { machine: spied, spies } = spyActions(
      machine.provide({
        actors: {
          signIn: fromCallback<SignInCommand, SignInInput>(({ input, receive }) => {
            signInInputs.push(input);
            receive((command) => commands.push(command));
          }),
          createSpreadsheet: pendingForever(),
          appendValues: pendingForever(),
          openSheet: pendingForever(),
        },
      }),
      ['notify'],
    );
    const actor = createActor(spied).start();
    const notices = {
      map: <T>(fn: (notice: { message: string; kind: string; duration?: string }) => T) =>
        spies.notify.mock.calls.map(([notice]) => fn(notice)),
      all: () => spies.notify.mock.calls.map(([notice]) => notice),
      last: () => spies.notify.mock.calls.at(-1)?.[0],
    };
    return { actor, notices, signInInputs, commands, send: (event: SpreadsheetExportEvent) => actor.send(event) };
  }

  it('success: messages in order, the pop-up checked after 500 ms, the sheet opened after 1 s', () => {
    const { actor, notices, commands, send } = live();
    send(ev.export);
    expect(actor.getSnapshot().matches({ authorizing: 'checkingPopup' })).toBe(true);
    send(ev.authStarted);
    vi.advanceTimersByTime(499);
    expect(commands).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(commands).toEqual([{ type: 'CHECK_POPUP' }]);
    expect(actor.getSnapshot().matches({ authorizing: 'waitingForToken' })).toBe(true);
    send(ev.authorized);
    expect(actor.getSnapshot().value).toBe('creating');
    expect(notices.map((n) => n.message)).toEqual([OPENING_SHEETS_MESSAGE]);
    send(ev.created);
    send(ev.appended);
    expect(actor.getSnapshot().value).toBe('opening');
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().value).toBe('opening');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('launching');
    send(ev.sheetOpened);
    expect(actor.getSnapshot().value).toBe('done');
    expect(notices.map((n) => n.message)).toEqual([OPENING_SHEETS_MESSAGE, SHEET_OPENED_MESSAGE]);
    // The token is fresh: the next export skips the sign-in.
    send(ev.export);
    expect(actor.getSnapshot().value).toBe('creating');
  });

  it('blocked pop-up: the message for 3 s, the URL kept, and a retry opens the same URL', () => {
    const { actor, notices, signInInputs, send } = live();
    send(ev.export);
    send(ev.authStarted);
    send(ev.popupBlocked);
    expect(actor.getSnapshot().matches({ blocked: 'signIn' })).toBe(true);
    // docs/analyze.md §Messages/§Rules and limits: 'The browser blocked the pop-up…' for 3 s ('normal' is 3000 ms, tests/unit/notify.test.ts).
    expect(notices.all()).toEqual([{ message: POPUP_BLOCKED_MESSAGE, kind: 'error', duration: 'normal' }]);
    expect(actor.getSnapshot().context.authUrl).toBe(AUTH_URL);
    send(ev.retry);
    expect(actor.getSnapshot().matches('authorizing')).toBe(true);
    expect(signInInputs).toEqual([
      { authUrl: null, oauthState: null },
      { authUrl: AUTH_URL, oauthState: 'state-1' },
    ]);
    send(ev.authorized);
    expect(actor.getSnapshot().context.authUrl).toBeNull();
  });

  it("create failure: 'Failed to create Google Sheet.' and a new export can start", () => {
    const { actor, notices, send } = live();
    send(ev.export);
    send(ev.authorized);
    send(ev.createFailed);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notices.last()).toEqual({ message: CREATE_SHEET_FAILED_MESSAGE, kind: 'error', duration: 'normal' });
    send(ev.export);
    expect(actor.getSnapshot().value).toBe('creating');
  });

  it('a blocked sheet tab keeps the spreadsheet and RETRY opens it', () => {
    const { actor, notices, send } = live();
    send(ev.export);
    send(ev.authorized);
    send(ev.created);
    send(ev.appended);
    vi.advanceTimersByTime(1000);
    send(ev.sheetBlocked);
    expect(actor.getSnapshot().matches({ blocked: 'sheet' })).toBe(true);
    expect(notices.last()?.message).toBe(POPUP_BLOCKED_MESSAGE);
    send(ev.retry);
    expect(actor.getSnapshot().value).toBe('launching');
    send(ev.sheetOpened);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('closing the pop-up returns quietly to idle', () => {
    const { actor, notices, send } = live();
    send(ev.export);
    send(ev.authStarted);
    vi.advanceTimersByTime(500);
    send(ev.popupClosed);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.authUrl).toBeNull();
    expect(notices.all()).toEqual([]);
  });
});
