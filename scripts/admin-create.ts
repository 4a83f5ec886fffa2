/**
 * `npm run admin:create -- --email you@example.com --workspace "Your Studio"`: the first admin and workspace of a
 * deployment (server/areas/auth/admin.ts), on the server's database (scripts/cli-database.ts). The password is prompted
 * (hidden, twice) when stdin is a terminal, read from stdin's first line with --password-stdin, and otherwise not set:
 * the command prints an invitation link that sets it.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { AdminCommandError, createFirstAdmin } from '../server/areas/auth/admin';

export const ADMIN_CREATE_USAGE = `Usage: npm run admin:create -- --email <e-mail> --workspace <name> [options]

Creates the first admin account and its workspace on the server's database (DATABASE_URL, else DATA_DIR; stop a
server running on the embedded database first).

Options:
  --email <e-mail>       the admin's e-mail (required)
  --workspace <name>     the workspace's name (required)
  --website <url>        the workspace's website (default: https:// and the e-mail's domain)
  --first-name <name>    the admin's first name
  --last-name <name>     the admin's last name
  --password-stdin       read the password from the first line of stdin (scripts, CI)
  --help                 this text

Without --password-stdin the password is asked for when stdin is a terminal; otherwise the command prints an
invitation link (valid 5 days) where the admin sets it.`;

export type AdminCreateArgs =
  | { help: true }
  | {
      help: false;
      email: string;
      workspace: string;
      website?: string;
      firstName?: string;
      lastName?: string;
      passwordStdin: boolean;
    };

/** The command line, or a usage error (thrown as AdminCommandError with the usage). */
export function parseAdminCreateArgs(argv: string[]): AdminCreateArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        workspace: { type: 'string' },
        website: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new AdminCommandError(`${error instanceof Error ? error.message : String(error)}\n\n${ADMIN_CREATE_USAGE}`);
  }
  if (values.help) return { help: true };
  if (!values.email || !values.workspace)
    throw new AdminCommandError(`--email and --workspace are required.\n\n${ADMIN_CREATE_USAGE}`);
  return {
    help: false,
    email: values.email,
    workspace: values.workspace,
    website: values.website,
    firstName: values['first-name'],
    lastName: values['last-name'],
    passwordStdin: !!values['password-stdin'],
  };
}

/** Runs the command on a database: the lines to print. `password` is what stdin or the prompt gave (undefined: none). */
export async function adminCreate(
  db: Kysely<Database>,
  args: Extract<AdminCreateArgs, { help: false }>,
  password: string | undefined,
  settings: { publicUrl: string; internalDomains: string[] },
): Promise<string[]> {
  const result = await createFirstAdmin(
    db,
    {
      email: args.email,
      workspaceName: args.workspace,
      website: args.website,
      firstName: args.firstName,
      lastName: args.lastName,
      password,
    },
    settings,
  );
  const signIn = `${settings.publicUrl.replace(/\/$/, '')}/continue`;
  return result.kind === 'account'
    ? [`Created ${args.email.trim().toLowerCase()}, admin of "${args.workspace.trim()}".`, `Sign in at ${signIn}`]
    : [
        `Created the workspace "${args.workspace.trim()}" with an admin invitation for ${args.email.trim().toLowerCase()}.`,
        `Open this link to set the password (valid 5 days): ${result.inviteLink}`,
      ];
}

/** The first line of stdin (the password of --password-stdin). */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks for a line without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput(text: string): void };
    let asked = false;
    output._writeToOutput = (text: string) => {
      if (!asked) process.stdout.write(text);
    };
    rl.question(question, (answer) => {
      process.stdout.write('\n');
      rl.close();
      resolve(answer);
    });
    asked = true;
  });
}

async function passwordFor(args: Extract<AdminCreateArgs, { help: false }>): Promise<string | undefined> {
  if (args.passwordStdin) return firstLineOfStdin();
  if (!process.stdin.isTTY) return undefined;
  const first = await askHidden('Password (at least 10 characters): ');
  const again = await askHidden('Password again: ');
  if (first !== again) throw new AdminCommandError('The two passwords differ. Nothing was created.');
  return first;
}

async function main() {
  let args: AdminCreateArgs;
  try {
    args = parseAdminCreateArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (args.help) {
    console.log(ADMIN_CREATE_USAGE);
    return;
  }
  const password = await passwordFor(args).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
  const { runCommand } = await import('./cli-database'); // the database modules load only when needed (not for --help)
  await runCommand(async ({ db, config }) => {
    for (const line of await adminCreate(db, args, password, config)) console.log(line);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
