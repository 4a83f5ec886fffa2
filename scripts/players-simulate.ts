/**
 * `npm run players:simulate`: plays a believable crowd of players through the LIVE quests of an app on a running server
 * (server/demo/players.ts says how). Options: --url (default http://127.0.0.1:8080), --app (default dragon-merge-ios),
 * --players (default 40), --seed (default 1), --email / --password (the admin who makes the s2s key; demo admin by
 * default), --key.
 */
import { parseArgs } from 'node:util';
import { simulatePlayers } from '../server/demo/players';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.QUESTBOARD_URL ?? 'http://127.0.0.1:8080' },
    app: { type: 'string', default: 'dragon-merge-ios' },
    players: { type: 'string', default: '40' },
    seed: { type: 'string', default: '1' },
    email: { type: 'string', default: 'admin@demostudio.dev' },
    password: { type: 'string', default: 'questboard-demo' },
    key: { type: 'string' },
  },
});

simulatePlayers({
  url: args.url!, appId: args.app!, players: Number(args.players), seed: Number(args.seed),
  email: args.email!, password: args.password!, key: args.key, log: (line) => console.log(line),
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
