/**
 * /forgot-password (public; docs/accounts.md §Forgot password): an address, then the same answer whether or not an
 * account uses it. With the mail sandbox the page says where the message went. A thin view over forgot-password.
 */
import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { forgotPasswordFlow } from '../../machines/forgot-password/forgot-password.actors';
import { forgotPasswordActions, selectForgotPassword } from '../../machines/forgot-password/forgot-password.selectors';
import { RESET_LINK_MINUTES } from '../../contracts/account';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Frame } from './AuthFrame';

export default function ForgotPasswordPage() {
  const actor = useFlowActor(forgotPasswordFlow, undefined, { key: 'forgot-password' });
  const view = useSelector(actor, selectForgotPassword);
  const actions = useActions(actor, forgotPasswordActions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };

  if (view.sent)
    return (
      <Frame>
        <div role="status" className="space-y-4">
          <h1 className="text-xl font-bold text-slate-900">Check your email</h1>
          <p className="text-sm text-slate-600">
            If a Questboard account uses <span className="font-medium text-slate-800">{view.email.trim()}</span>, we
            sent it a link to choose a new password. The link works once, for {RESET_LINK_MINUTES} minutes.
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
            <Link href={href.signIn()} className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
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
          <h1 className="text-xl font-bold text-slate-900">Reset your password</h1>
          <p className="mt-1 text-sm text-slate-500">
            Enter the email you sign in with. We will send you a link to choose a new password.
          </p>
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={view.email}
          onChange={(e) => actions.change(e.target.value)}
          error={view.fieldError}
          autoFocus
        />
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
        <Button type="submit" busy={view.busy} className="w-full">
          Send reset link
        </Button>
        <p className="text-center text-sm">
          <Link href={href.signIn()} className="font-semibold text-indigo-600 hover:text-indigo-500">
            Back to sign in
          </Link>
        </p>
      </form>
    </Frame>
  );
}
