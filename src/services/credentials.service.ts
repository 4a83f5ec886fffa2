/** A workspace's credentials managed (contract: src/contracts/credentials.ts `credentialEndpoints`). */
import { call } from './http';
import { credentialEndpoints } from '../contracts/credentials';

export const listCredentials = (workspaceId: string, signal?: AbortSignal) =>
  call(credentialEndpoints.list, { params: { workspaceId }, signal });

export const renameCredential = (workspaceId: string, credentialId: string, name: string) =>
  call(credentialEndpoints.rename, { params: { workspaceId, credentialId }, body: { name } });

export const refreshCredential = (workspaceId: string, credentialId: string) =>
  call(credentialEndpoints.refresh, { params: { workspaceId, credentialId } });

export const revokeCredential = (workspaceId: string, credentialId: string) =>
  call(credentialEndpoints.revoke, { params: { workspaceId, credentialId } });
