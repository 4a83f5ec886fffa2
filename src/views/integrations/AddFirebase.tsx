/**
 * Connecting Firebase from the Overview (our decision: docs/integrations.md §Screens and routes shows the Firebase tab only once a Firebase plugin
 * exists, so the first connection starts here). Opens the Configure Connection dialog for a new Firebase plugin (the
 * configure-connection flow, the same one the tab uses) and, once the plugin exists, goes to its tab. A Google
 * sign-in started here comes back to the Overview with ?oAuthRedirect (IntegrationsPage keeps it), which reopens the
 * dialog in the OAuth-redirect mode (docs/integrations.md §Screens and routes), so the new credential is saved by itself when it holds every role.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Role } from '../../contracts/codecs';
import { configureConnectionFlow } from '../../machines/configure-connection/configure-connection.actors';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { viewerDenied } from '../ui/permissions';
import { ConfigureConnectionDialog } from './ConfigureConnectionDialog';
import { useOAuthRedirect } from './PluginTab';
import { configureConnectionActions } from '../../machines/configure-connection/configure-connection.selectors';
import { useActions } from '../flows/useActions';

export function AddFirebase({
  workspaceId,
  appId,
  role,
  hasFirebase,
}: {
  workspaceId: string;
  appId: string;
  role: Role;
  hasFirebase: boolean;
}) {
  const configure = useFlowActor(configureConnectionFlow, undefined, { key: `${appId}:Firebase:configure` });
  const configureActions = useActions(configure, configureConnectionActions);
  const [, navigate] = useLocation();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && hasFirebase) navigate(href.app(workspaceId, appId, 'integrations/Firebase'));
  }, [hasFirebase, navigate, workspaceId, appId]);
  const open = (oauthRedirect = false) => {
    asked.current = true;
    configureActions.open({
      appId,
      pluginType: 'Firebase',
      pluginId: null,
      role,
      oauthRedirect,
      current: { credentialId: null, project: null, projectName: null },
    });
  };
  // Back from the Google sign-in started here (the page kept ?oAuthRedirect): the dialog finishes in that mode.
  useOAuthRedirect(configure, open);
  return (
    <>
      {!hasFirebase && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
          <p className="text-sm text-slate-600">
            Firebase forwards conversion events in real time. Its tab appears once it is connected.
          </p>
          <Button variant="secondary" deniedReason={viewerDenied(role)} onClick={() => open()}>
            Connect to Firebase
          </Button>
        </div>
      )}
      <ConfigureConnectionDialog actor={configure} />
    </>
  );
}
