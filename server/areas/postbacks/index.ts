/**
 * Postbacks (docs/postbacks.md): the partners' postback URLs, the formats that read them, storing each postback once
 * (group commit) with the `postback.stored` event, and the postback log.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { postbackFormat } from './formats/index';
export { postbacksMigrations } from './migrations';
export { forgetPostbackTarget, postbackTargetOf, postbackUrl } from './postbacks';
export type { PostbackSubject } from './postbacks';
export { postbackRoutes } from './routes';
