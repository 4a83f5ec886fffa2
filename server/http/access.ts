/**
 * Who may call a route (docs/architecture.md §House rules 5): the access rules, the caller and membership a rule guarantees to its
 * handler, and the route table entry (endpoint + access rule) that the authorization matrix and generic tests iterate.
 */
import type { Role } from '../../src/contracts/codecs';
import type { Endpoint } from '../../src/contracts/endpoint';

export type PublicAccess = { readonly kind: 'public' };
export type SignedInAccess = { readonly kind: 'signedIn' };
/** Route with a :workspaceId param; the caller must be a member with at least this role. */
export type WorkspaceAccess = { readonly kind: 'workspace'; readonly role: Role };
/** Route with an :appId param; the caller must be a member of the app's workspace with at least this role. */
export type AppAccess = { readonly kind: 'app'; readonly role: Role };
/** Route with a :pluginId param; the caller must be a member of the plugin's app's workspace with at least this role. */
export type PluginAccess = { readonly kind: 'plugin'; readonly role: Role };
export type Access = PublicAccess | SignedInAccess | WorkspaceAccess | AppAccess | PluginAccess;

export const access = {
  public: { kind: 'public' } as PublicAccess,
  signedIn: { kind: 'signedIn' } as SignedInAccess,
  workspace: (role: Role): WorkspaceAccess => ({ kind: 'workspace', role }),
  app: (role: Role): AppAccess => ({ kind: 'app', role }),
  plugin: (role: Role): PluginAccess => ({ kind: 'plugin', role }),
};

export interface Caller {
  accountId: string;
  email: string;
  isTpUser: boolean;
  tokenHash: string;
}

export interface Membership {
  workspaceId: string;
  role: Role;
}

/** The caller a rule guarantees: anyone (null when no valid token was sent) on public routes, else signed in. */
export type CallerOf<A extends Access> = A extends PublicAccess ? Caller | null : Caller;
/** The membership a rule guarantees: workspace and app routes resolve it, others have none. */
export type MembershipOf<A extends Access> = A extends WorkspaceAccess | AppAccess | PluginAccess ? Membership : null;

/** One registered route: its area, its contract endpoint (method, path, codecs, multipart parts) and access rule. */
export interface RouteEntry {
  area: string;
  method: Endpoint['method'];
  url: string;
  access: Access;
  endpoint: Endpoint;
}
