/** View model of the Create Workspace modal. */
import type { SnapshotFrom } from 'xstate';
import type { createWorkspaceMachine } from './create-workspace.machine';
import type { EventOf, SendTo } from '../shared/flow';

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

/** The events the Create workspace dialog sends, as named senders. */
export const createWorkspaceActions = (send: SendTo<typeof createWorkspaceMachine>) => ({
  open: () => send({ type: 'OPEN' }),
  close: () => send({ type: 'CLOSE' }),
  change: (field: EventOf<typeof createWorkspaceMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  pickIcon: (file: EventOf<typeof createWorkspaceMachine, 'PICK_ICON'>['file']) => send({ type: 'PICK_ICON', file }),
  submit: () => send({ type: 'SUBMIT' }),
});
