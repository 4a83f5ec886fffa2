/**
 * App-database changes of the team area. A resent invitation gets a new row (and link) and the row it replaces is
 * kept as `superseded`, pointing at its successor, so the old link can say that a newer invitation was sent instead
 * of "not found" (docs/team.md).
 */
import type { Kysely, Migration } from 'kysely';
import { runStatements } from '../../db/migrations';

export const teamMigrations: Record<string, Migration> = {
  '0560_invites_superseded': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        ALTER TABLE invites DROP CONSTRAINT invites_state_check;
        ALTER TABLE invites ADD CONSTRAINT invites_state_check CHECK (state IN ('pending','accepted','revoked','superseded'));
        ALTER TABLE invites ADD COLUMN superseded_by text REFERENCES invites(id) ON DELETE SET NULL
      `,
      );
    },
  },
};
