/**
 * The working "Continue with Google" button (docs/accounts.md §Sign in with Google): asks the server for the consent
 * page and goes there. A thin view over google-sign-in, loaded on first intent by ContinueWithGoogle.tsx; a press made
 * on the stand-in before it arrived is replayed.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { googleSignInFlow } from '../../machines/google-sign-in/google-sign-in.actors';
import { googleSignInActions, selectGoogleSignIn } from '../../machines/google-sign-in/google-sign-in.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { useReplayIntent, type IntentRef } from '../ui/lazyOnIntent';
import { GOOGLE_BUTTON_TEXT, GoogleMark } from './GoogleMark';

export default function ContinueWithGoogleFlow({
  place,
  intent,
}: {
  place: 'sign-in' | 'sign-up';
  intent?: IntentRef;
}) {
  const session = Session.useActorRef();
  const [, navigate] = useLocation();
  const actor = useFlowActor(
    googleSignInFlow,
    { ticket: null, error: null },
    { key: `google-start-${place}`, deps: { session, navigate } },
  );
  const view = useSelector(actor, selectGoogleSignIn);
  const actions = useActions(actor, googleSignInActions);
  const button = useRef<HTMLButtonElement>(null);
  // A key press on the stand-in starts the flow here (the replay below repeats pointer presses and the focus).
  useEffect(() => {
    const pending = intent?.current;
    if (pending?.press !== 'keyboard') return;
    // oxlint-disable-next-line react/immutability -- `intent` is the stand-in's ref (IntentRef), emptied once here
    pending.press = null;
    actions.start();
  }, [intent, actions]);
  useReplayIntent(intent, button, 'Enter');
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="secondary"
        className="w-full"
        busy={view.status === 'starting' || view.status === 'redirecting'}
        onClick={actions.start}
        icon={<GoogleMark />}
      >
        {GOOGLE_BUTTON_TEXT}
      </Button>
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </>
  );
}
