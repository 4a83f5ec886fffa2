/** View model of the workspace settings form. */
import type { SnapshotFrom } from 'xstate';
import type { workspaceSettingsMachine } from './workspace-settings.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof workspaceSettingsMachine>;

export const selectWorkspaceSettings = (s: Snapshot) => ({
  busy: s.matches('saving'),
  name: s.context.name,
  website: s.context.website,
  iconName: s.context.icon?.name ?? null,
  errors: s.context.errors,
  error: s.context.error,
  dirty:
    s.context.name !== s.context.savedName || s.context.website !== s.context.savedWebsite || s.context.icon !== null,
});

/** The events the workspace settings page sends, as named senders. */
export const workspaceSettingsActions = (send: SendTo<typeof workspaceSettingsMachine>) => ({
  change: (field: EventOf<typeof workspaceSettingsMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  pickIcon: (file: EventOf<typeof workspaceSettingsMachine, 'PICK_ICON'>['file']) => send({ type: 'PICK_ICON', file }),
  submit: () => send({ type: 'SUBMIT' }),
  reset: () => send({ type: 'RESET' }),
  /** The workspace was read again: its saved values become the form's baseline. */
  sync: (name: string, website: string) => send({ type: 'SYNC', name, website }),
});
