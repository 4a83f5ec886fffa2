/**
 * The workspace-settings flow's table (src/machines/workspace-settings/workspace-settings.machine.ts,
 * src/views/workspace/WorkspaceSettingsPage.tsx; docs/workspace.md §Screens and routes settings, §Rules and limits workspace rules, §Roles admins only, §Messages messages):
 * each event → what the admin does on /workspace/{id}/settings, each state → what the form shows. Every test works
 * in a throwaway workspace of its own (names in the payloads are symbolic, mapped to run-unique ones), so Demo
 * Studio keeps its name. Failures (a refusal, 403, 413, 500) are answered through Playwright routes.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  workspaceSettingsMachine,
  type WorkspaceSettingsContext,
  type WorkspaceSettingsEvent,
} from '../../../src/machines/workspace-settings/workspace-settings.machine';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { letters, throwawayWorkspace, TINY_PNG } from '../pages/apps.page';
import { answers, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface SettingsUi extends Ui {
  workspaceId: string;
  token: string;
  shell: Shell;
  /** The real value of a symbolic name (any other value is itself). */
  real(value: string): string;
}

// SPEC words, verbatim.
const UPDATED = 'Workspace updated successfully.';
const UPDATE_FAILED = 'Error updating workspace!';
const ONLY_ADMINS =
  'Only administrators can change the workspace name. Please contact your administrator for assistance.';
const TOO_LARGE = 'File is too large!';
const NAME_REQUIRED = 'Workspace name is required.';
const BAD_WEBSITE = 'Enter a valid website URL.';
const FIELD_WORDS = [NAME_REQUIRED, BAD_WEBSITE, TOO_LARGE];

// Symbolic values of the payloads; each test maps them to its own.
const OWN_NAME = 'own-name.paths';
const RENAMED = 'renamed.paths';
const ELSEWHERE = 'elsewhere.paths';
const WEBSITE = 'https://renamed.example.org';

/** A thrown call as the page's http client throws it (its status decides the machine's words). */
const failedWith = (status: number, message: string, code: string) => ({
  type: 'xstate.error.actor.updateWorkspace',
  error: new ApiError(status, message, code),
  actorId: 'updateWorkspace',
});
const E = {
  rename: { type: 'CHANGE', field: 'name', value: RENAMED },
  clearName: { type: 'CHANGE', field: 'name', value: '' },
  badWebsite: { type: 'CHANGE', field: 'website', value: 'not a website' },
  website: { type: 'CHANGE', field: 'website', value: WEBSITE },
  hugeIcon: { type: 'PICK_ICON', file: { name: 'huge.png', size: 3_145_729, type: 'image/png' } },
  icon: { type: 'PICK_ICON', file: { name: 'icon.png', size: TINY_PNG.length, type: 'image/png' } },
  submit: { type: 'SUBMIT' },
  reset: { type: 'RESET' },
  saved: doneEvent('updateWorkspace', { success: true, message: UPDATED }),
  refused: doneEvent('updateWorkspace', { success: false }),
  forbidden: failedWith(403, ONLY_ADMINS, 'forbidden'),
  tooLarge: failedWith(413, TOO_LARGE, 'file_too_large'),
  crashed: failedWith(500, 'Something went wrong. Please try again later.', 'internal'),
  elsewhere: { type: 'SYNC', name: ELSEWHERE, website: 'https://elsewhere.example.org' },
};

type Ev<K extends WorkspaceSettingsEvent['type']> = Extract<WorkspaceSettingsEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as WorkspaceSettingsContext;
const statusOf = (event: EventObject) => (event as EventObject & { error: { status: number } }).error.status;
const succeeded = (event: EventObject) =>
  event.type.startsWith('xstate.done.') && (event as EventObject & { output: { success: boolean } }).output.success;
const updateCall = outcome<SettingsUi>(
  { method: 'POST', url: /\/api\/workspace\/[^/]+$/ },
  (event) => {
    if (event.type.startsWith('xstate.done.')) return succeeded(event) ? answers.server : answers.refused();
    const status = statusOf(event);
    const { message, code } = (event as EventObject & { error: ApiError }).error;
    return { status, json: { success: false, message, code } };
  },
  (event) =>
    event.type.startsWith('xstate.done.')
      ? succeeded(event)
        ? 'update ✓'
        : 'update refused'
      : `update ${statusOf(event)}`,
);

const nameField = (ui: SettingsUi) => ui.page.getByLabel('Workspace name', { exact: true });
const websiteField = (ui: SettingsUi) => ui.page.getByLabel('Website', { exact: true });
const saveButton = (ui: SettingsUi) => ui.page.getByRole('button', { name: 'Save', exact: true });
const open = async (ui: SettingsUi) => {
  await ui.page.goto(`/workspace/${ui.workspaceId}/settings`);
  await expect(ui.page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
};
const input = { workspaceId: 'paths', name: OWN_NAME, website: 'https://own.example.org' };

export const workspaceSettingsTable: FlowTable<SettingsUi> = {
  flow: 'workspace-settings',
  machine: workspaceSettingsMachine,
  // The states only: the journey walks the form's rules and every outcome.
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const names: Record<string, string> = {
      [OWN_NAME]: letters('Paths Settings'),
      [RENAMED]: letters('Paths Renamed'),
      [ELSEWHERE]: letters('Paths Elsewhere'),
    };
    const workspaceId = (await throwawayWorkspace(page.request, token, names[OWN_NAME], input.website)).id;
    return { page, token, workspaceId, shell: new Shell(page), real: (value) => names[value] ?? value };
  },
  traversals: [
    { name: 'rename', kind: 'shortest', input, open, events: [E.rename, E.submit, E.saved] },
    {
      // Discard; docs/workspace.md §Rules and limits field rules shown on Save and nothing sent; then each failure keeps every field with its
      // words (refusal, the 403 (docs/workspace.md §Roles), 413, 500); the retry saves, the header follows; a rename made elsewhere shows.
      name: 'rules, failures, save',
      kind: 'journey',
      input,
      open,
      events: [
        E.rename,
        E.reset,
        E.clearName,
        E.badWebsite,
        E.submit,
        E.rename,
        E.website,
        E.hugeIcon,
        E.icon,
        E.submit,
        E.refused,
        E.submit,
        E.forbidden,
        E.submit,
        E.tooLarge,
        E.submit,
        E.crashed,
        E.submit,
        E.saved,
        E.elsewhere,
      ],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        (event.field === 'name' ? nameField(ui) : websiteField(ui)).fill(ui.real(event.value)),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field} '${event.value}'`,
    },
    PICK_ICON: {
      act: (ui, event: Ev<'PICK_ICON'>) =>
        ui.page.getByLabel('Icon file').setInputFiles({
          name: event.file!.name,
          mimeType: event.file!.type,
          buffer: event.file!.size === TINY_PNG.length ? TINY_PNG : Buffer.alloc(event.file!.size),
        }),
      label: (event: Ev<'PICK_ICON'>) => `PICK_ICON ${event.file?.name}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    RESET: { act: (ui) => ui.page.getByRole('button', { name: 'Discard changes', exact: true }).click() },
    SYNC: {
      // Another admin renames the workspace through the API; the page shows it once it loads the workspace again.
      act: async (ui, event: Ev<'SYNC'>) => {
        const res = await ui.page.request.post(`/api/workspace/${ui.workspaceId}`, {
          headers: { authorization: `Bearer ${ui.token}` },
          multipart: {
            data: JSON.stringify({ id: ui.workspaceId, name: ui.real(event.name), website: event.website }),
          },
        });
        expect(res.status()).toBe(200);
        await ui.page.reload();
      },
      label: () => 'SYNC renamed elsewhere',
    },
    'xstate.done.actor.updateWorkspace': updateCall,
    'xstate.error.actor.updateWorkspace': updateCall,
  },
  states: {
    'workspaceSettings.editing': async (ui, state, via) => {
      const c = ctx(state);
      await expect(nameField(ui)).toHaveValue(ui.real(c.name));
      await expect(websiteField(ui)).toHaveValue(c.website);
      await expect(nameField(ui)).toBeEnabled();
      const shown = Object.values(c.errors).filter(Boolean) as string[];
      // In the form: a snackbar (outside it) may still say an earlier answer's words for its 3 s.
      const form = ui.page.locator('form');
      for (const words of FIELD_WORDS) {
        if (shown.includes(words)) await expect(form.getByText(words, { exact: true }).first()).toBeVisible();
        else if (!(words === TOO_LARGE && c.error === TOO_LARGE))
          await expect(form.getByText(words, { exact: true })).toHaveCount(0);
      }
      if (c.error) {
        expect([UPDATE_FAILED, ONLY_ADMINS, TOO_LARGE]).toContain(c.error);
        await expect(form.getByRole('alert').filter({ hasText: c.error })).toHaveText(c.error);
      } else
        for (const words of [UPDATE_FAILED, ONLY_ADMINS])
          await expect(form.getByText(words, { exact: true })).toHaveCount(0);
      const discard = ui.page.getByRole('button', { name: 'Discard changes', exact: true });
      if (c.name !== c.savedName) await expect(discard).toBeEnabled();
      if (succeeded(via)) {
        await expect(ui.shell.snackbar(UPDATED)).toBeVisible();
        await expect(ui.shell.workspaceSelector(ui.real(c.savedName))).toBeVisible();
      }
      if (via.type === 'SYNC') await expect(ui.shell.workspaceSelector(ui.real(c.savedName))).toBeVisible();
    },
    'workspaceSettings.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(nameField(ui)).toBeDisabled();
    },
  },
  timeout: 60_000,
};
