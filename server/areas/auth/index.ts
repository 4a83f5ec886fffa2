/**
 * Auth (docs/accounts.md): sign-in, sessions, password attempts and the accounts' own tables.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export {
  assertPasswordAttemptAllowed,
  createSession,
  hasTwoFactor,
  openChallenge,
  recordPasswordAttempt,
  type Client,
} from './auth';
export { accountsMigrations } from './migrations';
export { authRoutes } from './routes';
export { accountRoutes } from './account.routes';
export { signUpRoutes } from './sign-up.routes';
export { twoFactorRoutes } from './two-factor.routes';
export { googleSignInRoutes } from './google-sign-in.routes';
