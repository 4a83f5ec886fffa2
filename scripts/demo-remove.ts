/**
 * `npm run demo:remove`: removes the demo workspaces, the demo accounts (public passwords) and the demo's promo codes
 * from the server's database (server/demo/demo-mode.ts removeDemo; scripts/cli-database.ts), so that a server may
 * start with NODE_ENV=production. Start the server with DEMO=off afterwards, or the next start seeds the demo again.
 */
import { pathToFileURL } from 'node:url';
import { removeDemo } from '../server/demo/demo-mode';
import { runCommand } from './cli-database';

export const DEMO_REMOVE_USAGE = `Usage: npm run demo:remove

Removes the demo workspaces ("Demo Studio", "Rival Games") with everything in them, the demo accounts and the demo
promo codes from the server's database (DATABASE_URL, else DATA_DIR; stop a server running on the embedded database
first). Start the server with DEMO=off afterwards.`;

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    (args[0] === '--help' || args[0] === '-h' ? console.log : console.error)(DEMO_REMOVE_USAGE);
    if (args[0] !== '--help' && args[0] !== '-h') process.exit(2);
    return;
  }
  await runCommand(async ({ db }) => {
    const removed = await removeDemo(db);
    console.log(
      removed.workspaces || removed.accounts
        ? `Removed ${removed.workspaces} demo workspace(s) and ${removed.accounts} demo account(s). Start the server with DEMO=off.`
        : 'No demo data found: nothing to remove.',
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
