/** View model of the workspace settings form. */
import type { SnapshotFrom } from 'xstate';
import type { workspaceSettingsMachine } from './workspace-settings.machine';

type Snapshot = SnapshotFrom<typeof workspaceSettingsMachine>;

export const selectWorkspaceSettings = (s: Snapshot) => ({
  busy: s.matches('saving'),
  name: s.context.name,
  website: s.context.website,
  iconName: s.context.icon?.name ?? null,
  errors: s.context.errors,
  error: s.context.error,
  dirty: s.context.name !== s.context.savedName || s.context.website !== s.context.savedWebsite || s.context.icon !== null,
});
