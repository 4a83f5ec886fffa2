/**
 * `npm run staff -- grant|revoke <email>`: gives or takes Questboard staff rights (server/areas/auth/admin.ts) on the
 * server's database (scripts/cli-database.ts). Staff may, for example, change any app's acquisition target.
 */
import { pathToFileURL } from 'node:url';
import { setStaff } from '../server/areas/auth/admin';
import { runCommand } from './cli-database';

export const STAFF_USAGE = `Usage: npm run staff -- grant <email>
       npm run staff -- revoke <email>

Grants or revokes Questboard staff rights of an existing account, on the server's database (DATABASE_URL, else
DATA_DIR; stop a server running on the embedded database first).`;

async function main() {
  const [action, email, ...rest] = process.argv.slice(2);
  if (action === '--help' || action === '-h') {
    console.log(STAFF_USAGE);
    return;
  }
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) {
    console.error(STAFF_USAGE);
    process.exit(2);
  }
  await runCommand(async ({ db }) => {
    const changed = await setStaff(db, email, action === 'grant');
    const who = email.trim().toLowerCase();
    console.log(
      action === 'grant'
        ? changed
          ? `${who} is now Questboard staff.`
          : `${who} was already Questboard staff.`
        : changed
          ? `${who} is no longer Questboard staff.`
          : `${who} was not Questboard staff.`,
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
