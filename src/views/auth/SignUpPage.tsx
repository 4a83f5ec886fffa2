/**
 * /sign-up and /confirm-sign-up/{token} (public; docs/accounts.md §Sign-up): the form (names, work email, password,
 * first workspace), then "Check your email" whatever the address; the mailed link signs in and opens the new
 * workspace. With SIGN_UP=off the page says sign-up is invite-only. A thin view over sign-up.
 */
import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useLocation, useParams } from 'wouter';
import { signUpFlow } from '../../machines/sign-up/sign-up.actors';
import { selectSignUp, signUpActions } from '../../machines/sign-up/sign-up.selectors';
import { PASSWORD_HINT } from '../../contracts/passwords';
import { SIGN_UP_LINK_HOURS } from '../../contracts/sign-up';
import { MAX } from '../../contracts/codecs';
import { href } from '../../paths';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Centered, Frame, Refused } from './AuthFrame';
import { ContinueWithGoogle } from './ContinueWithGoogle';

const linkClass = 'font-semibold text-indigo-600 hover:text-indigo-500';

export default function SignUpPage() {
  const { token } = useParams<{ token?: string }>();
  const session = Session.useActorRef();
  const [, navigate] = useLocation();
  const actor = useFlowActor(
    signUpFlow,
    { token: token ?? null },
    { key: token ?? 'sign-up', deps: { session, navigate } },
  );
  const view = useSelector(actor, selectSignUp);
  const actions = useActions(actor, signUpActions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };

  if (view.status === 'loading' || view.status === 'confirming')
    return (
      <Frame>
        <Centered label={view.status === 'loading' ? 'Checking sign-up' : 'Creating your account'} />
      </Frame>
    );
  if (view.status === 'closed')
    return (
      <Frame>
        <Refused title="Sign-up is invite-only" message={view.message ?? ''} />
      </Frame>
    );
  if (view.status === 'refused' || view.status === 'notFound' || view.status === 'unavailable')
    return (
      <Frame>
        <Refused
          title={view.status === 'unavailable' ? 'Link unavailable' : 'This link does not work'}
          message={view.message ?? ''}
          onRetry={view.status === 'unavailable' ? actions.retry : undefined}
        />
        {view.status !== 'unavailable' && (
          <p className="mt-4 text-center text-sm">
            <Link href={href.signUp()} className={linkClass}>
              Sign up again
            </Link>
          </p>
        )}
      </Frame>
    );
  if (view.status === 'sent')
    return (
      <Frame>
        <div role="status" className="space-y-4">
          <h1 className="text-xl font-bold text-slate-900">Check your email</h1>
          <p className="text-sm text-slate-600">
            We sent a link to <span className="font-medium text-slate-800">{view.form.email.trim()}</span>. Open it to
            confirm your address and create your account. The link works once, for {SIGN_UP_LINK_HOURS} hours.
          </p>
          {view.sandbox && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
              Sandbox mail: this server keeps messages in its outbox and log instead of sending them.
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={actions.again}>
              Use another address
            </Button>
            <Link href={href.signIn()} className={`text-sm ${linkClass}`}>
              Back to sign in
            </Link>
          </div>
        </div>
      </Frame>
    );

  return (
    <Frame>
      <form onSubmit={submit} noValidate className="space-y-5">
        <div>
          <h1 className="text-xl font-bold text-slate-900">Create your Questboard account</h1>
          <p className="mt-1 text-sm text-slate-500">We will send a link to your work email to confirm it.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={MAX.name}
            value={view.form.firstName}
            onChange={(e) => actions.change('firstName', e.target.value)}
            error={view.errors.firstName}
            autoFocus
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={MAX.name}
            value={view.form.lastName}
            onChange={(e) => actions.change('lastName', e.target.value)}
            error={view.errors.lastName}
          />
        </div>
        <TextField
          label="Work email"
          type="email"
          autoComplete="username"
          maxLength={MAX.email}
          value={view.form.email}
          onChange={(e) => actions.change('email', e.target.value)}
          error={view.errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={MAX.password}
          value={view.form.password}
          onChange={(e) => actions.change('password', e.target.value)}
          error={view.errors.password}
          hint={PASSWORD_HINT}
        />
        <TextField
          label="Workspace name"
          autoComplete="organization"
          maxLength={MAX.name}
          value={view.form.workspaceName}
          onChange={(e) => actions.change('workspaceName', e.target.value)}
          error={view.errors.workspaceName}
          hint="Your studio or company. You can invite your team next."
        />
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
        <Button type="submit" busy={view.busy} className="w-full">
          Create account
        </Button>
        <ContinueWithGoogle place="sign-up" />
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link href={href.signIn()} className={linkClass}>
            Sign in
          </Link>
        </p>
      </form>
    </Frame>
  );
}
