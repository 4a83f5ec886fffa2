/**
 * /google-sign-in (public; docs/accounts.md §Sign in with Google): where Google's callback sends the browser with a
 * single-use ticket (`#ticket=…`) or a refusal (`#error=…`) in the fragment, which is read once and removed from the
 * address. Signed in, it opens the workspace; otherwise the step the server asks for: the first workspace of a new
 * account, the account's password to link Google, or the refusal in words. A thin view over google-sign-in.
 */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { googleSignInFlow } from '../../machines/google-sign-in/google-sign-in.actors';
import { googleSignInActions, selectGoogleSignIn } from '../../machines/google-sign-in/google-sign-in.selectors';
import { MAX } from '../../contracts/codecs';
import { href } from '../../paths';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { Centered, Frame, Refused } from './AuthFrame';
import { ContinueWithGoogle } from './ContinueWithGoogle';

const linkClass = 'font-semibold text-indigo-600 hover:text-indigo-500';

/** The fragment's ticket or error, read once; the address keeps neither. */
function takeFragment() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return { ticket: fragment.get('ticket'), error: fragment.get('error') };
}

export default function GoogleSignInPage() {
  const [input] = useState(takeFragment);
  const session = Session.useActorRef();
  const [, navigate] = useLocation();
  const actor = useFlowActor(googleSignInFlow, input, {
    // (the ticket itself stays out of the key: the inspector lists keys)
    key: `google-${input.ticket ? 'ticket' : (input.error ?? 'page')}`,
    deps: { session, navigate },
  });
  const view = useSelector(actor, selectGoogleSignIn);
  const actions = useActions(actor, googleSignInActions);
  const [workspaceName, setWorkspaceName] = useState('');
  const [password, setPassword] = useState('');

  if (view.status === 'idle' || view.status === 'starting' || view.status === 'redirecting')
    return (
      <Frame>
        <div className="space-y-4">
          <h1 className="text-xl font-bold text-slate-900">Sign in with Google</h1>
          <ContinueWithGoogle place="sign-in" />
        </div>
      </Frame>
    );
  if (view.status === 'continuing' || view.status === 'done' || view.status === 'codeStep')
    return (
      <Frame>
        <Centered label="Signing in with Google" />
      </Frame>
    );
  if (view.status === 'refused' || view.status === 'unavailable')
    return (
      <Frame>
        <Refused
          title={view.status === 'unavailable' ? 'Google sign-in unavailable' : 'Google sign-in did not work'}
          message={view.error ?? ''}
          onRetry={view.status === 'unavailable' ? actions.retry : undefined}
        />
      </Frame>
    );
  if (view.status === 'workspace' || view.status === 'creating') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      actions.createAccount(workspaceName);
    };
    return (
      <Frame>
        <form onSubmit={submit} noValidate className="space-y-5">
          <div>
            <h1 className="text-xl font-bold text-slate-900">Create your Questboard account</h1>
            <p className="mt-1 text-sm break-words text-slate-500">
              Signed in with Google as <span className="font-medium text-slate-800">{view.email}</span>. Name your first
              workspace to finish.
            </p>
          </div>
          <TextField
            label="Workspace name"
            autoComplete="organization"
            maxLength={MAX.name}
            value={workspaceName}
            onChange={(e) => setWorkspaceName(e.target.value)}
            hint="Your studio or company. You can invite your team next."
            autoFocus
          />
          {view.error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {view.error}
            </p>
          )}
          <Button type="submit" busy={view.status === 'creating'} className="w-full">
            Create account
          </Button>
          <p className="text-center text-sm">
            <Link href={href.signIn()} className={linkClass}>
              Back to sign in
            </Link>
          </p>
        </form>
      </Frame>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.link(password);
  };
  return (
    <Frame>
      <form onSubmit={submit} noValidate className="space-y-5">
        <div>
          <h1 className="text-xl font-bold text-slate-900">Link your Google account</h1>
          <p className="mt-1 text-sm break-words text-slate-500">
            A Questboard account already uses <span className="font-medium text-slate-800">{view.email}</span>. Enter
            its password once to link your Google account; after that, Google signs you in.
          </p>
        </div>
        <input type="email" value={view.email} autoComplete="username" readOnly hidden />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={MAX.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
        <Button type="submit" busy={view.status === 'linking'} className="w-full">
          Link and sign in
        </Button>
        <p className="text-center text-sm">
          <Link href={href.forgotPassword()} className={linkClass}>
            Forgot your password?
          </Link>
        </p>
      </form>
    </Frame>
  );
}
