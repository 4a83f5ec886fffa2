/**
 * App-database changes of the team area. A resent invitation gets a new row (and link) and the row it replaces is
 * kept as `superseded`, pointing at its successor, so the old link can say that a newer invitation was sent instead
 * of "not found" (docs/team.md).
 */
import { sqlMigrations } from '../../db/migrations';

export const teamMigrations = sqlMigrations({
  '0560_invites_superseded': `
        ALTER TABLE invites DROP CONSTRAINT invites_state_check;
        ALTER TABLE invites ADD CONSTRAINT invites_state_check CHECK (state IN ('pending','accepted','revoked','superseded'));
        ALTER TABLE invites ADD COLUMN superseded_by text REFERENCES invites(id) ON DELETE SET NULL
      `,
});
