/**
 * Team and invitation calls (contract and paths in src/contracts/team.ts), plus the React Query read of the team
 * list. Mutations are invoked by the invitation machine, which invalidates `teamQueryKey` after each success.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from './http';
import { SuccessMessage, type Role } from '../contracts/codecs';
import { SignInResponse } from '../contracts/auth';
import { AcceptInviteRequest, InvitePreview, TeamResponse } from '../contracts/team';
import type * as t from 'io-ts';

const enc = encodeURIComponent;
const teamPath = (workspaceId: string, action = '') => `/api/workspace/${enc(workspaceId)}/team${action && `/${action}`}`;

export const fetchTeam = (workspaceId: string, signal?: AbortSignal) => request(TeamResponse, teamPath(workspaceId), { signal });

export const invite = (workspaceId: string, input: { email: string; role: Role }, signal?: AbortSignal) =>
  request(SuccessMessage, teamPath(workspaceId, 'invite'), { body: input, signal });

export const resend = (workspaceId: string, email: string, signal?: AbortSignal) =>
  request(SuccessMessage, teamPath(workspaceId, 'resend'), { body: { email }, signal });

export const updateRole = (workspaceId: string, input: { accountId: string; role: Role }, signal?: AbortSignal) =>
  request(SuccessMessage, teamPath(workspaceId, 'role'), { body: input, signal });

export const removeFromTeam = (workspaceId: string, email: string, signal?: AbortSignal) =>
  request(SuccessMessage, teamPath(workspaceId, 'remove'), { body: { email }, signal });

/** Anonymous: the invite link is the credential. */
export const previewInvite = (token: string, signal?: AbortSignal) =>
  request(InvitePreview, `/api/invite/${enc(token)}`, { signal, auth: false });

export const acceptInvite = (token: string, input: t.TypeOf<typeof AcceptInviteRequest>, signal?: AbortSignal) =>
  request(SignInResponse, `/api/invite/${enc(token)}/accept`, { body: input, signal, auth: false });

export const teamQueryKey = (workspaceId: string) => ['team', workspaceId] as const;

/** The team of a workspace (members first, then pending invites). `success: false` is surfaced as a query error. */
export function useTeam(workspaceId: string) {
  return useQuery({
    queryKey: teamQueryKey(workspaceId),
    queryFn: async ({ signal }) => {
      const answer = await fetchTeam(workspaceId, signal);
      if (!answer.success) throw new Error('The team could not be loaded.');
      return answer.accounts;
    },
  });
}
