/** View model of the workspace's security section: the switch, who it affects, the confirm step and the actions. */
import type { SnapshotFrom } from 'xstate';
import type { workspaceSecurityMachine } from './workspace-security.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof workspaceSecurityMachine>;

export function selectWorkspaceSecurity(s: Snapshot) {
  const security = s.context.security;
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    ready: security !== null && !s.matches('loading') && !s.matches('failed'),
    required: security?.requireTwoFactor ?? false,
    membersWithout: security?.membersWithoutTwoFactor ?? 0,
    youHaveTwoFactor: security?.youHaveTwoFactor ?? false,
    /** Off, and the admin has no two-factor sign-in: the switch waits for theirs (the page links to the account). */
    blocked: security !== null && !security.requireTwoFactor && !security.youHaveTwoFactor,
    confirming: s.matches('confirming'),
    saving: s.matches('saving'),
    error: s.context.error,
  };
}

export const workspaceSecurityActions = (send: SendTo<typeof workspaceSecurityMachine>) => ({
  toggle: () => send({ type: 'TOGGLE' }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
  retry: () => send({ type: 'RETRY' }),
});
