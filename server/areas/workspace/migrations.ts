/** The workspace area's own columns (numbers 0870–0879): a workspace may require two-factor sign-in of its members. */
import type { Kysely, Migration } from 'kysely';
import { runStatements } from '../../db/migrations';

export const workspaceMigrations: Record<string, Migration> = {
  '0870_workspace_require_two_factor': {
    async up(db: Kysely<any>) {
      await runStatements(db, `ALTER TABLE workspaces ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`);
    },
  },
};
