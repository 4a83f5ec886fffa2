/**
 * Workspace (docs/workspace.md): workspaces, their settings, the signed-in account's answer (workspaces with role and
 * apps), and which accounts count as Questboard staff.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { currentAccount, loadAccount } from './accounts';
export { isInternalEmail, visibleTeamEmail } from './internal-emails';
export { workspaceMigrations } from './migrations';
export { workspaceRoutes } from './routes';
export { insertWorkspace } from './workspace';
