/**
 * The configure-connection flow bound to the integrations service, the snackbars and the integrations reads. The
 * service-account file is read and parsed here (docs/integrations.md §Plugin states: "the uploaded JSON file is read and parsed, then uploaded").
 * Google sign-in leaves the page for the server's OAuth start (the sandbox consent page unless Google is configured).
 */
import { fromPromise } from 'xstate';
import { isLeft } from 'fp-ts/Either';
import { configureConnectionMachine, KeyFileError, type KeyFile } from './configure-connection.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { ServiceAccountKey } from '../../contracts/integrations';
import { describeErrors } from '../../contracts/codecs';
import {
  addProductCredential,
  addServiceAccount,
  createPlugin,
  fetchCredentials,
  startOAuth,
  updatePlugin,
} from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

/** The picked file as a service account key, or a KeyFileError saying what it is instead. */
async function readKeyFile(file: KeyFile): Promise<ServiceAccountKey> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new KeyFileError('The file is not valid JSON.');
  }
  const decoded = ServiceAccountKey.decode(json);
  if (isLeft(decoded))
    throw new KeyFileError(
      `The file is not a service account key: ${describeErrors(decoded.left, 'key').slice(0, 3).join(', ')}.`,
    );
  return decoded.right;
}

export const liveConfigureConnectionMachine = configureConnectionMachine.provide({
  actors: {
    loadCredentials: fromPromise(({ input, signal }) => fetchCredentials(input.appId, signal)),
    addProductCredential: fromPromise(
      async ({ input, signal }) => (await addProductCredential(input.appId, signal)).credential!,
    ),
    uploadServiceAccount: fromPromise(
      async ({ input, signal }) =>
        (await addServiceAccount(input.appId, await readKeyFile(input.file), signal)).credential!,
    ),
    savePlugin: fromPromise(({ input, signal }) =>
      input.pluginId
        ? updatePlugin(input.pluginId, { credentialId: input.credentialId, attributes: input.attributes }, signal)
        : createPlugin(
            input.appId,
            { type: input.pluginType, credentialId: input.credentialId, attributes: input.attributes },
            signal,
          ),
    ),
    // Back to this tab after the consent page (the path of the page that asked, with ?oAuthRedirect added by the server).
    startSignIn: fromPromise(({ input, signal }) =>
      startOAuth(
        input.appId,
        window.location.pathname.replace(/\/integrations\/[^/]*$/, `/integrations/${input.pluginType}`),
        signal,
      ),
    ),
  },
  actions: {
    notify: showNotice,
    saved: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    redirect: (_, { url }) => window.location.assign(url),
    logError: (_, { error }) => console.error('[configure connection]', error),
  },
});

export const configureConnectionFlow = defineFlow({
  name: 'configure-connection',
  bind: () => liveConfigureConnectionMachine,
});
