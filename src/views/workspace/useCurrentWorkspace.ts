/** The workspace (and app) of the current URL, read from the signed-in account's organisations. */
import { useParams } from 'wouter';
import { Session } from '../flows/session';
import { href } from '../../paths';

export function useCurrentWorkspace() {
  const { workspaceId } = useParams<{ workspaceId?: string }>();
  return Session.useSelector((s) => s.context.account?.organisations?.find((w) => w.id === workspaceId) ?? null);
}

export function useCurrentApp() {
  const { appId } = useParams<{ appId?: string }>();
  const workspace = useCurrentWorkspace();
  return workspace?.apps?.find((a) => a.id === appId) ?? null;
}

export { href };
