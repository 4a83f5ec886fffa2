/** What each role may do, in words, under the role pickers (ours; the rules are server/areas/team/team.ts). */
import type { Role } from '../../contracts/codecs';

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Full access: manages the team, billing and workspace settings.',
  editor: 'Works on apps, reports and quests; can invite editors and viewers.',
  viewer: 'Can see everything but change nothing.',
};
