/** View model of the Create Workspace modal. */
import type { SnapshotFrom } from 'xstate';
import type { createWorkspaceMachine } from './create-workspace.machine';

type Snapshot = SnapshotFrom<typeof createWorkspaceMachine>;

export const selectCreateWorkspace = (s: Snapshot) => ({
  open: !s.matches('closed'),
  busy: s.matches('submitting'),
  name: s.context.name,
  website: s.context.website,
  iconName: s.context.icon?.name ?? null,
  errors: s.context.errors,
  error: s.context.error,
});
