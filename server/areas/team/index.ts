/**
 * Team (docs/team.md): members, roles and invitations.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { teamMigrations } from './migrations';
export { teamRoutes } from './routes';
export { changeRole } from './team';
