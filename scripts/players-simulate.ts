/**
 * `npm run players:simulate`: plays a believable crowd of players through the LIVE quests of an app on a running server
 * (server/demo/players.ts says how). `--help` prints the options.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simulatePlayers } from '../server/demo/players';
import { FRAUD_KINDS, type FraudKind } from '../server/demo/crowd';

export const PLAYERS_SIMULATE_USAGE = `Usage: npm run players:simulate -- [options]

Plays a crowd of players through the live quests of an app on a running Questboard server, through its s2s and
postback endpoints only.

Options:
  --url <url>          the server (default $QUESTBOARD_URL or http://127.0.0.1:8080)
  --app <id>           the app (default dragon-merge-ios)
  --players <n>        players per quest (default 40)
  --seed <n>           random seed: the same seed plays the same game (default 1)
  --email <e-mail>     the admin who makes the simulator's s2s key (default the demo admin)
  --password <text>    that admin's password (default the demo password)
  --key <s2s key>      use this s2s API key of the app
  --key-file <path>    where the simulator keeps its own s2s key per server and app, so that later runs reuse it
                       (default $DATA_DIR/players-simulate-keys.json, DATA_DIR defaulting to ./data)
  --fraud <kinds>      also play fraudulent players of these kinds after each quest's honest ones, comma-separated:
                       ${FRAUD_KINDS.join(', ')} (or all); their completions are held for review
                       (docs/acquire.md §Fraud holds)
  --help               this text`;

const defaultKeyFile = () => path.resolve(process.env.DATA_DIR ?? './data', 'players-simulate-keys.json');

function parse() {
  try {
    return parseArgs({
      options: {
        url: { type: 'string', default: process.env.QUESTBOARD_URL ?? 'http://127.0.0.1:8080' },
        app: { type: 'string', default: 'dragon-merge-ios' },
        players: { type: 'string', default: '40' },
        seed: { type: 'string', default: '1' },
        email: { type: 'string', default: 'admin@demostudio.dev' },
        password: { type: 'string', default: 'questboard-demo' },
        key: { type: 'string' },
        fraud: { type: 'string' },
        'key-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${PLAYERS_SIMULATE_USAGE}`);
    process.exit(2);
  }
}

const args = parse();
const players = Number(args.players);
const seed = Number(args.seed);
const fraud = (
  args.fraud === 'all'
    ? [...FRAUD_KINDS]
    : (args.fraud ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
) as FraudKind[];
const unknownKind = fraud.find((k) => !FRAUD_KINDS.includes(k));
if (args.help) {
  console.log(PLAYERS_SIMULATE_USAGE);
} else if (unknownKind !== undefined) {
  console.error(
    `--fraud: ${unknownKind} is not a fraud kind (${FRAUD_KINDS.join(', ')}).\n\n${PLAYERS_SIMULATE_USAGE}`,
  );
  process.exit(2);
} else if (!Number.isInteger(players) || players < 1 || !Number.isInteger(seed)) {
  console.error(
    `--players must be a whole number of at least 1 and --seed a whole number.\n\n${PLAYERS_SIMULATE_USAGE}`,
  );
  process.exit(2);
} else {
  simulatePlayers({
    url: args.url!,
    appId: args.app!,
    players,
    seed,
    email: args.email!,
    password: args.password!,
    key: args.key,
    keyFile: args['key-file'] ?? defaultKeyFile(),
    fraud,
    log: (line) => console.log(line),
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
