/** The credentials' flow bound to the credential calls (src/services/credentials.service.ts). */
import { fromPromise } from 'xstate';
import { credentialsMachine } from './credentials.machine';
import { defineFlow } from '../shared/flow';
import {
  listCredentials,
  refreshCredential,
  renameCredential,
  revokeCredential,
} from '../../services/credentials.service';

export const credentialsFlow = defineFlow({
  name: 'credentials',
  bind: () =>
    credentialsMachine.provide({
      actors: {
        loadCredentials: fromPromise(({ input, signal }) => listCredentials(input.workspaceId, signal)),
        renameCredential: fromPromise(({ input }) =>
          renameCredential(input.workspaceId, input.credentialId, input.name),
        ),
        refreshCredential: fromPromise(({ input }) => refreshCredential(input.workspaceId, input.credentialId)),
        revokeCredential: fromPromise(({ input }) => revokeCredential(input.workspaceId, input.credentialId)),
      },
    }),
});
