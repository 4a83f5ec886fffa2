/**
 * /confirm-email/{token} (public; docs/accounts.md §E-mail change): the mailed link moves the account to its new
 * address, signed in or signed out, then says so. A thin view over confirm-email.
 */
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { confirmEmailFlow } from '../../machines/confirm-email/confirm-email.actors';
import { confirmEmailActions, selectConfirmEmail } from '../../machines/confirm-email/confirm-email.selectors';
import { selectStatus } from '../../machines/session/session.selectors';
import { href } from '../../paths';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Centered, Frame, Refused } from './AuthFrame';

const linkClass = 'font-semibold text-indigo-600 hover:text-indigo-500';

export default function ConfirmEmailPage() {
  const { token = '' } = useParams<{ token?: string }>();
  const session = Session.useActorRef();
  const signedIn = Session.useSelector(selectStatus) === 'signedIn';
  const actor = useFlowActor(confirmEmailFlow, { token }, { key: token, deps: { session } });
  const view = useSelector(actor, selectConfirmEmail);
  const actions = useActions(actor, confirmEmailActions);

  if (view.status === 'confirming')
    return (
      <Frame>
        <Centered label="Confirming your new email" />
      </Frame>
    );
  if (view.status !== 'done')
    return (
      <Frame>
        <Refused
          title={view.status === 'unavailable' ? 'Link unavailable' : 'This link does not work'}
          message={view.message ?? ''}
          onRetry={view.status === 'unavailable' ? actions.retry : undefined}
        />
      </Frame>
    );
  return (
    <Frame>
      <div role="status" className="space-y-4 text-center">
        <h1 className="text-xl font-bold text-slate-900">Email changed</h1>
        <p className="text-sm text-slate-600">
          Your Questboard email is now <span className="font-medium break-words text-slate-800">{view.email}</span>.
          Sign in with it from now on.
        </p>
        <p className="text-sm">
          {signedIn ? (
            <Link href={href.account()} className={linkClass}>
              Go to your account
            </Link>
          ) : (
            <Link href={href.signIn()} className={linkClass}>
              Go to sign in
            </Link>
          )}
        </p>
      </div>
    </Frame>
  );
}
