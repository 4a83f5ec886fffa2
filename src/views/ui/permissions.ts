/** docs/accounts.md §Roles view-only copy and the role helpers views use to mirror the server's rules. */
import type { Role } from '../../contracts/codecs';

export const VIEW_ONLY_MESSAGE =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';

/** The tooltip reason to disable an action for a viewer, or null when allowed. */
export const viewerDenied = (role: Role | undefined | null) => (role === 'viewer' || !role ? VIEW_ONLY_MESSAGE : null);
