/**
 * The create-workspace flow's table (src/machines/create-workspace/create-workspace.machine.ts,
 * src/views/shell/CreateWorkspaceModal.tsx; docs/workspace.md §Screens and routes header 'Create new', §Rules and limits workspace rules, §Messages workspace messages):
 * each event → what the admin does in the Create Workspace dialog, each state → what the dialog (or, once created,
 * the new workspace's apps page) shows. The worked example of docs/engineering/machine-paths.md.
 *
 * Throwaway data: the workspace name of the payloads is symbolic; each test types a unique one, so every created
 * workspace is new (the product has no way to delete a workspace: each successful path leaves one behind, named
 * `Path Studio-…`, in the throwaway server of the e2e run). Failures never reach the server: a refusal
 * (`success: false`) and a crash (500) are answered by Playwright routes.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  CREATE_FAILED,
  CREATE_SUCCEEDED,
  createWorkspaceMachine,
  type CreateWorkspaceContext,
  type CreateWorkspaceEvent,
} from '../../../src/machines/create-workspace/create-workspace.machine';
import { ICON_MAX_BYTES, validateWorkspaceForm } from '../../../src/contracts/workspace';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appsPath, DEMO_WORKSPACE, unique } from '../pages/demo';
// A 1×1 PNG: the server reads the icon's bytes, so it must be a real image.
import { TINY_PNG } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

/** The symbolic name of the payloads; each test types its own unique one. */
const NAME = 'Path Studio';
/** docs/workspace.md §Messages / §Rules and limits words, literal. */
const FILE_TOO_LARGE = 'File is too large!';

interface CreateUi extends Ui {
  shell: Shell;
  dialog: Modal;
  /** POST /api/workspace requests the page sent, and the outcomes the path has answered so far. */
  sent: number;
  answered: number;
  /** The real value of a symbolic one (the unique workspace name). */
  real(value: string): string;
}

type Ev<K extends CreateWorkspaceEvent['type']> = Extract<CreateWorkspaceEvent, { type: K }>;

const E = {
  open: { type: 'OPEN' },
  close: { type: 'CLOSE' },
  name: { type: 'CHANGE', field: 'name', value: NAME },
  website: { type: 'CHANGE', field: 'website', value: 'paths.example.com' },
  websiteWithSpaces: { type: 'CHANGE', field: 'website', value: 'not a website' },
  icon: { type: 'PICK_ICON', file: { name: 'icon.png', size: TINY_PNG.length, type: 'image/png' } },
  iconTooLarge: { type: 'PICK_ICON', file: { name: 'huge.png', size: ICON_MAX_BYTES + 1, type: 'image/png' } },
  submit: { type: 'SUBMIT' },
  created: doneEvent('createWorkspace', { success: true, message: CREATE_SUCCEEDED, data: { id: 'path-studio' } }),
  refused: doneEvent('createWorkspace', { success: false, message: 'A workspace with this name already exists.' }),
  crashed: crashEvent('createWorkspace'),
} satisfies Record<string, CreateWorkspaceEvent | EventObject>;

const ctx = (state: AnyMachineSnapshot) => state.context as CreateWorkspaceContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;

/** POST /api/workspace: success → the real server; `success: false` → a routed refusal; an error event → a routed 500. */
const held = outcome<CreateUi>(
  { method: 'POST', url: /\/api\/workspace$/ },
  (event) =>
    isCrash(event)
      ? answers.crash
      : succeeded(event)
        ? answers.server
        : answers.refused((event as EventObject & { output: { message?: string } }).output.message),
  (event) => (isCrash(event) ? 'create 500' : succeeded(event) ? 'create ✓' : 'create refused'),
);
const createCall: typeof held = {
  ...held,
  act: async (ui, event, before) => {
    await held.act(ui, event, before);
    ui.answered += 1;
  },
};

const field = (ui: CreateUi, label: 'Workspace name' | 'Website') => ui.dialog.root.getByLabel(label, { exact: true });

async function expectForm(ui: CreateUi, state: AnyMachineSnapshot) {
  const c = ctx(state);
  await ui.dialog.expectOpen();
  await expect(field(ui, 'Workspace name')).toHaveValue(ui.real(c.name));
  await expect(field(ui, 'Website')).toHaveValue(c.website);
  // Errors under the fields: the machine's prediction, and the words for a too-large icon (docs/workspace.md §Rules and limits), literally.
  for (const message of Object.values(c.errors))
    if (message) await expect(ui.dialog.root.getByText(message, { exact: true })).toBeVisible();
  if (c.icon && c.icon.size > ICON_MAX_BYTES)
    await expect(ui.dialog.root.getByText(FILE_TOO_LARGE, { exact: true })).toBeVisible();
  if (!c.errors.name) await expect(field(ui, 'Workspace name')).not.toHaveAttribute('aria-invalid', 'true');
  if (c.errors.name) await expect(field(ui, 'Workspace name')).toHaveAttribute('aria-invalid', 'true');
}

export const createWorkspaceTable: FlowTable<CreateUi> = {
  flow: 'create-workspace',
  machine: createWorkspaceMachine,
  // What the page tells apart: the state, which fields the form would refuse (a projection that only said "valid or
  // not" would hide the one-field-typed steps on the way to a valid form), and whether errors show as typed.
  serialize: (state) =>
    JSON.stringify([state.value, Object.keys(validateWorkspaceForm(ctx(state))).sort(), ctx(state).submitted]),
  async setup(page: Page) {
    await signInOnce(page, DEMO_ACCOUNTS.admin);
    const name = unique(NAME);
    const ui: CreateUi = {
      page,
      shell: new Shell(page),
      dialog: new Modal(page, 'Create Workspace'),
      sent: 0,
      answered: 0,
      real: (value) => (value === NAME ? name : value),
    };
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/workspace') ui.sent += 1;
    });
    return ui;
  },
  traversals: [
    {
      name: 'create',
      kind: 'shortest',
      input: undefined,
      open: (ui) => ui.page.goto(appsPath(DEMO_WORKSPACE.id)).then(() => undefined),
      // Opening and closing; typing, sending and every answer are the journey's (each creation leaves a workspace).
      events: [E.open, E.close, E.submit],
    },
    {
      // Validation before anything is sent (a too-large icon refused at once); then a refusal and a crash keep every
      // field with SPEC's title; the retry creates the workspace and opens it.
      name: 'invalid, refused, crashed, created',
      kind: 'journey',
      input: undefined,
      open: (ui) => ui.page.goto(appsPath(DEMO_WORKSPACE.id)).then(() => undefined),
      events: [
        E.open,
        E.submit,
        E.name,
        E.websiteWithSpaces,
        E.iconTooLarge,
        E.submit,
        E.website,
        E.icon,
        E.submit,
        E.refused,
        E.submit,
        E.crashed,
        E.submit,
        E.created,
      ],
    },
  ],
  events: {
    OPEN: { act: (ui) => ui.shell.openCreateWorkspace(DEMO_WORKSPACE.name).then(() => undefined) },
    CLOSE: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        field(ui, event.field === 'name' ? 'Workspace name' : 'Website').fill(ui.real(event.value)),
      label: (event: Ev<'CHANGE'>) => `${event.field} "${event.value}"`,
    },
    PICK_ICON: {
      act: (ui, event: Ev<'PICK_ICON'>) =>
        ui.dialog.root.getByLabel('Icon file').setInputFiles(
          event.file === null
            ? []
            : {
                name: event.file.name,
                mimeType: event.file.type,
                buffer: event.file.size > ICON_MAX_BYTES ? Buffer.alloc(event.file.size) : TINY_PNG,
              },
        ),
      label: (event: Ev<'PICK_ICON'>) =>
        event.file === null ? 'no icon' : event.file.size > ICON_MAX_BYTES ? 'icon too large' : 'icon',
    },
    SUBMIT: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Create', exact: true }).click() },
    'xstate.done.actor.createWorkspace': createCall,
    'xstate.error.actor.createWorkspace': createCall,
  },
  states: {
    'createWorkspace.closed': async (ui, state, via) => {
      await ui.dialog.expectClosed();
      if (via.type === 'xstate.done.actor.createWorkspace') {
        // Created: SPEC's words, and the new workspace opens (selected in the header, its empty apps page).
        await expect(ui.shell.snackbar('Workspace created successfully.')).toBeVisible();
        // The new workspace's apps page: waited for as a whole, since the demo workspace's own apps page (where the
        // dialog was opened) matches the pattern too until the navigation lands.
        await expect(ui.page).toHaveURL(
          (url) => /^\/workspace\/[^/]+\/apps$/.test(url.pathname) && url.pathname.split('/')[2] !== DEMO_WORKSPACE.id,
        );
        await expect(ui.shell.workspaceSelector(ui.real(NAME))).toBeVisible();
        await expect(ui.page.getByText(`Every Android and iOS app of ${ui.real(NAME)}.`)).toBeVisible();
        await expect(ui.page.getByText('No apps yet', { exact: true })).toBeVisible();
        // The creator is its admin; saved with https:// before the website typed without one, and with the icon.
        await expect(ui.shell.navLink('Billing')).toBeVisible();
        const id = new URL(ui.page.url()).pathname.split('/')[2]!;
        const saved = (
          await ui.shell.apiGet<{ data: { name: string; website: string; icon: string | null } }>(
            `/api/workspace/${id}`,
          )
        ).data;
        expect(saved).toMatchObject({ name: ui.real(NAME), website: `https://${ctx(state).website}` });
        if (ctx(state).icon) expect(saved.icon).toBeTruthy();
        expect(ui.sent).toBe(ui.answered);
      } else {
        await expect(ui.page).toHaveURL(appsPath(DEMO_WORKSPACE.id));
        await expect(ui.shell.workspaceSelector(DEMO_WORKSPACE.name)).toBeVisible();
      }
    },
    'createWorkspace.editing': async (ui, state, via) => {
      await expectForm(ui, state);
      // per docs/workspace.md §Messages title after a refusal or a crash, literally; none before (the icon's own error is an alert too).
      const title = ui.dialog.root.getByRole('alert').filter({ hasText: 'Error creating workspace!' });
      if (via.type.startsWith('xstate.')) expect(ctx(state).error).toBe(CREATE_FAILED);
      if (ctx(state).error) await expect(title).toHaveCount(1);
      else await expect(title).toHaveCount(0);
      await expect(ui.dialog.root.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
      // A form the machine finds invalid (a too-large icon too) sends nothing: one request per answered call only.
      expect(ui.sent).toBe(ui.answered);
    },
    'createWorkspace.submitting': async (ui, state) => {
      await ui.dialog.expectOpen();
      await expect(ui.dialog.root.getByRole('button', { name: 'Create', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
      await expect(field(ui, 'Workspace name')).toHaveValue(ui.real(ctx(state).name));
    },
  },
  timeout: 60_000,
};
