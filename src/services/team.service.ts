/**
 * Team and invitation calls (contract: src/contracts/team.ts `teamEndpoints`). Mutations are invoked by the team
 * flow, which invalidates `teamQueryKey` (team.queries.ts, the React Query read of the team list) after each success.
 */
import { call } from './http';
import type { Role } from '../contracts/codecs';
import { teamEndpoints, type AcceptInviteRequest } from '../contracts/team';
import type * as t from 'io-ts';

export const fetchTeam = (workspaceId: string, signal?: AbortSignal) =>
  call(teamEndpoints.list, { params: { workspaceId }, signal });

export const invite = (workspaceId: string, input: { email: string; role: Role }, signal?: AbortSignal) =>
  call(teamEndpoints.invite, { params: { workspaceId }, body: input, signal });

export const resend = (workspaceId: string, email: string, signal?: AbortSignal) =>
  call(teamEndpoints.resend, { params: { workspaceId }, body: { email }, signal });

export const updateRole = (workspaceId: string, input: { accountId: string; role: Role }, signal?: AbortSignal) =>
  call(teamEndpoints.role, { params: { workspaceId }, body: input, signal });

export const removeFromTeam = (workspaceId: string, email: string, signal?: AbortSignal) =>
  call(teamEndpoints.remove, { params: { workspaceId }, body: { email }, signal });

/** Anonymous: the invite link is the credential. */
export const previewInvite = (token: string, signal?: AbortSignal) =>
  call(teamEndpoints.previewInvite, { params: { token }, signal, auth: false });

export const acceptInvite = (token: string, input: t.TypeOf<typeof AcceptInviteRequest>, signal?: AbortSignal) =>
  call(teamEndpoints.acceptInvite, { params: { token }, body: input, signal, auth: false });
