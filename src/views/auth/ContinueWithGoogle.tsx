/**
 * "Continue with Google" on the sign-in and sign-up pages (docs/accounts.md §Sign in with Google): asks the server for
 * the consent page and goes there. A thin view over google-sign-in.
 */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { googleSignInFlow } from '../../machines/google-sign-in/google-sign-in.actors';
import { googleSignInActions, selectGoogleSignIn } from '../../machines/google-sign-in/google-sign-in.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';

export function ContinueWithGoogle({ place }: { place: 'sign-in' | 'sign-up' }) {
  const session = Session.useActorRef();
  const [, navigate] = useLocation();
  const actor = useFlowActor(
    googleSignInFlow,
    { ticket: null, error: null },
    { key: `google-start-${place}`, deps: { session, navigate } },
  );
  const view = useSelector(actor, selectGoogleSignIn);
  const actions = useActions(actor, googleSignInActions);
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        busy={view.status === 'starting' || view.status === 'redirecting'}
        onClick={actions.start}
        icon={<GoogleMark />}
      >
        Continue with Google
      </Button>
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
      />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8Z" />
    </svg>
  );
}
