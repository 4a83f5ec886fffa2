/**
 * /reset-password/{token} (public; docs/accounts.md §Forgot password): a new password, typed twice, for the address
 * the link was sent to; an expired, used or unknown link is refused in words with a way to ask again. A thin view
 * over reset-password.
 */
import { useSelector } from '@xstate/react';
import { Link, useLocation, useParams } from 'wouter';
import { resetPasswordFlow } from '../../machines/reset-password/reset-password.actors';
import { resetPasswordActions, selectResetPassword } from '../../machines/reset-password/reset-password.selectors';
import { PASSWORD_HINT } from '../../contracts/passwords';
import { href } from '../../paths';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Centered, Frame, Refused } from './AuthFrame';

function ResetScreen({ token }: { token: string }) {
  const session = Session.useActorRef();
  const [, navigate] = useLocation();
  const actor = useFlowActor(resetPasswordFlow, { token }, { key: token, deps: { session, navigate } });
  const view = useSelector(actor, selectResetPassword);
  const actions = useActions(actor, resetPasswordActions);

  if (view.status === 'loading' || view.status === 'done')
    return (
      <Frame>
        <Centered label={view.status === 'loading' ? 'Checking your link' : 'Signing you in'} />
      </Frame>
    );
  if (view.status !== 'form')
    return (
      <Frame>
        <Refused
          title={view.status === 'unavailable' ? 'Link unavailable' : 'This link does not work'}
          message={view.message ?? ''}
          onRetry={view.status === 'unavailable' ? actions.retry : undefined}
        />
        {view.status !== 'unavailable' && (
          <p className="mt-4 text-center text-sm">
            <Link href={href.forgotPassword()} className="font-semibold text-indigo-600 hover:text-indigo-500">
              Ask for a new link
            </Link>
          </p>
        )}
      </Frame>
    );

  return (
    <Frame>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          actions.submit();
        }}
      >
        <div>
          <h1 className="text-xl font-bold text-slate-900">Choose a new password</h1>
          <p className="mt-1 text-sm text-slate-500">
            For {view.email}. Every device signed in to this account will be signed out.
          </p>
        </div>
        <input type="email" autoComplete="username" value={view.email ?? ''} readOnly hidden />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={view.password}
          onChange={(e) => actions.change('password', e.target.value)}
          error={view.errors.password}
          hint={PASSWORD_HINT}
          autoFocus
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={view.confirm}
          onChange={(e) => actions.change('confirm', e.target.value)}
          error={view.errors.confirm}
        />
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
        <Button type="submit" busy={view.busy} className="w-full">
          Set new password
        </Button>
      </form>
    </Frame>
  );
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams<{ token?: string }>();
  return <ResetScreen key={token} token={token} />;
}
