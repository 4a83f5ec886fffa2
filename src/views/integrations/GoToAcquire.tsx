/**
 * 'Go to Acquire' (docs/integrations.md: integration tabs show it once their plugin is connected): a link to the app's Acquire
 * target, shown by the Firebase, AppsFlyer and Adjust tabs when their source can feed quests.
 */
import { Link } from 'wouter';
import { GO_TO_ACQUIRE } from '../../contracts/firebase';
import { href } from '../../paths';

export function GoToAcquire({ workspaceId, appId }: { workspaceId: string; appId: string }) {
  return (
    <Link
      href={href.app(workspaceId, appId, 'acquire/target')}
      className="inline-flex w-fit items-center gap-2 rounded-lg bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
    >
      {GO_TO_ACQUIRE}
    </Link>
  );
}
