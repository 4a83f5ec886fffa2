/**
 * Postbacks (docs/postbacks.md): the partners' postback URLs, storing each postback once (group commit) with the
 * `postback.stored` event, and the postback log. The partners' formats live in their own folders (the integrations
 * area) and reach this area through its ports (ports.ts), provided by server/areas.ts.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export {
  amount,
  currency,
  deviceId,
  INSTALL_EVENT,
  keyOf,
  parsePartnerFields,
  PostbackRefusal,
  required,
  text,
  time,
} from './format';
export type { NormalizedPostback, ParseResult, PostbackFields, PostbackFormat } from './format';
export { postbacksMigrations } from './migrations';
export {
  forgetPostbackTarget,
  lastPostbackAt,
  postbackHealth,
  postbackLastSeen,
  postbacksOfPlayers,
  postbackTargetOf,
  postbackUrl,
  seedPostbacks,
} from './postbacks';
export type { PostbackSubject } from './postbacks';
export { postbackFormat, providePostbackPorts } from './ports';
export type { PostbackPlugin, PostbackPorts } from './ports';
export { postbackRoutes } from './routes';
