/**
 * Docs (docs/integrations.md guides): the values the in-app documentation pages fill in for an app (postback URLs,
 * package names, the caller's role).
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { documentationRoutes } from './routes';
