/**
 * The account page's Google sign-in (docs/accounts.md §Sign in with Google): "Linked as …" and Unlink (asked twice;
 * the password still signs in), or how to link one (Continue with Google on the sign-in page). A thin view over
 * google-link.
 */
import { useSelector } from '@xstate/react';
import { googleLinkFlow } from '../../machines/google-link/google-link.actors';
import { googleLinkActions, selectGoogleLink } from '../../machines/google-link/google-link.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

export function GoogleSection({ accountId }: { accountId: string }) {
  const actor = useFlowActor(googleLinkFlow, undefined, { key: accountId });
  const view = useSelector(actor, selectGoogleLink);
  const actions = useActions(actor, googleLinkActions);

  if (view.status === 'loading')
    return <Spinner className="size-5 text-indigo-600" label="Loading your Google sign-in" />;
  if (view.status === 'loadFailed')
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-rose-700">
          {view.error}
        </p>
        <Button variant="secondary" onClick={actions.retry}>
          Try again
        </Button>
      </div>
    );
  if (view.status === 'notLinked')
    return (
      <p className="text-sm text-slate-600">
        No Google account is linked. Choose “Continue with Google” on the sign-in page to link one.
      </p>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm break-words text-slate-700">
        Google: linked as <span className="font-medium text-slate-900">{view.email}</span>
      </p>
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
      {view.status === 'linked' ? (
        <Button variant="secondary" onClick={actions.unlink}>
          Unlink
        </Button>
      ) : (
        <div role="group" aria-label="Unlink Google" className="space-y-3 rounded-lg bg-amber-50 p-3">
          <p className="text-sm text-amber-900">Unlink {view.email}? You will sign in with your email and password.</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="danger" busy={view.status === 'unlinking'} onClick={actions.confirm}>
              Unlink Google
            </Button>
            <Button variant="secondary" disabled={view.status === 'unlinking'} onClick={actions.cancel}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
