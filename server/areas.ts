/**
 * The API areas of the server, each a list of routes declared with defineRoute and (optionally) its migrations.
 * Add an area by importing it here; its routes then enter the authorization matrix test automatically.
 */
import type { Migration } from 'kysely';
import type { RouteSpec } from './http/define-route';
import { authRoutes } from './routes/auth';
import { workspaceRoutes } from './routes/workspace';
import { appRoutes } from './routes/apps';
import { teamRoutes } from './routes/team';
import { fileRoutes } from './routes/files';
import { analyzeRoutes } from './routes/analyze';
import { analyticsMigrations } from './analytics/migrations';

export interface Area {
  name: string;
  routes: RouteSpec<any, any, any, any>[];
  migrations?: Record<string, Migration>;
}

export const areas: Area[] = [
  { name: 'auth', routes: authRoutes },
  { name: 'workspace', routes: workspaceRoutes },
  { name: 'apps', routes: appRoutes },
  { name: 'team', routes: teamRoutes },
  { name: 'files', routes: fileRoutes },
  { name: 'analyze', routes: analyzeRoutes, migrations: analyticsMigrations },
];
