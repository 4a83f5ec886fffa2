/**
 * /invite/{token} (public; docs/accounts.md §Session states invitation, §Rules and limits invite): the invited person sees the workspace, their email
 * (read-only) and role, sets a name and password and joins; an address that already has an account only confirms
 * with its password. Expired, used, withdrawn, resent and unknown links are refused in words with a way to sign
 * in. A thin view over the accept-invite machine.
 */
import { type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useLocation, useParams } from 'wouter';
import { acceptInviteFlow } from '../../machines/accept-invite/accept-invite.actors';
import { selectInvitePage, acceptInviteActions } from '../../machines/accept-invite/accept-invite.selectors';
import type { Refusal } from '../../machines/accept-invite/accept-invite.machine';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { selectAccount } from '../../machines/session/session.selectors';
import { PASSWORD_HINT } from '../../contracts/passwords';
import { roleLabel } from '../../contracts/codecs';
import { href } from '../../paths';
import { Logo } from '../shell/Logo';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Spinner } from '../ui/Spinner';
import { useActions } from '../flows/useActions';

const REFUSAL_TITLES: Record<Refusal, string> = {
  expired: 'This invitation has expired',
  accepted: 'This invitation was already used',
  revoked: 'This invitation was withdrawn',
  superseded: 'A newer invitation was sent',
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">{children}</div>
      </div>
    </main>
  );
}

function Refused({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div className="text-center" role="alert">
      <div
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-6">
          <path
            d="M12 8v5m0 3h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="mt-4 text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <div className="mt-6 flex flex-col items-center gap-3">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        <Link href={href.signIn()} className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          Go to sign in
        </Link>
      </div>
    </div>
  );
}

function Centered({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-indigo-600">
      <Spinner className="size-8" label={label} />
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

function InviteScreen({ token }: { token: string }) {
  const session = Session.useActorRef();
  const account = Session.useSelector(selectAccount);
  const [, navigate] = useLocation();
  const actor = useFlowActor(acceptInviteFlow, { token }, { key: token, deps: { session, navigate } });
  const view = useSelector(actor, selectInvitePage);
  const actions = useActions(actor, acceptInviteActions);
  const { status } = view;

  if (status === 'loading')
    return (
      <Frame>
        <Centered label="Checking your invitation" />
      </Frame>
    );
  if (status === 'joined')
    return (
      <Frame>
        <Centered label="Opening your workspace" />
      </Frame>
    );
  if (status === 'refused' && view.refusal) {
    const title =
      view.refusal === 'superseded' && view.preview
        ? `${REFUSAL_TITLES.superseded} to ${view.preview.email}`
        : REFUSAL_TITLES[view.refusal];
    return (
      <Frame>
        <Refused title={title} message={view.message ?? ''} />
      </Frame>
    );
  }
  if (status === 'notFound')
    return (
      <Frame>
        <Refused title="Invitation not found" message={view.message ?? ''} />
      </Frame>
    );
  if (status === 'unavailable' || !view.preview) {
    return (
      <Frame>
        <Refused title="Invitation unavailable" message={view.message ?? ''} onRetry={actions.retry} />
      </Frame>
    );
  }

  const preview = view.preview;
  const otherAccount =
    account && account.workEmail.toLowerCase() !== preview.email.toLowerCase() ? account.workEmail : null;
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
          <h1 className="text-xl font-bold text-slate-900">Join {preview.workspaceName}</h1>
          <p className="mt-1 text-sm text-slate-500">
            You have been invited to <span className="font-medium text-slate-700">{preview.workspaceName}</span> on
            Questboard as <span className="font-medium text-slate-700">{roleLabel(preview.role)}</span>.
          </p>
        </div>
        {otherAccount && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            You are signed in as {otherAccount}. Joining signs you in as {preview.email}.
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-slate-50 px-4 py-3 text-sm">
          <dt className="text-slate-600">Workspace</dt>
          <dd className="truncate font-medium text-slate-900">{preview.workspaceName}</dd>
          <dt className="text-slate-600">Role</dt>
          <dd className="font-medium text-slate-900">{roleLabel(preview.role)}</dd>
        </dl>
        <TextField
          label="Email"
          type="email"
          value={preview.email}
          readOnly
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
        />
        {view.existingAccount ? (
          <>
            <p className="text-sm text-slate-600">
              {preview.email} already has a Questboard account. Enter its password to join {preview.workspaceName}.
            </p>
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={view.password}
              onChange={(e) => actions.change('password', e.target.value)}
              error={view.errors.password}
              autoFocus
            />
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="First name"
                autoComplete="given-name"
                value={view.firstName}
                onChange={(e) => actions.change('firstName', e.target.value)}
                error={view.errors.firstName}
                autoFocus
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                value={view.lastName}
                onChange={(e) => actions.change('lastName', e.target.value)}
                error={view.errors.lastName}
              />
            </div>
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              value={view.password}
              onChange={(e) => actions.change('password', e.target.value)}
              error={view.errors.password}
              hint={PASSWORD_HINT}
            />
          </>
        )}
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
        <Button type="submit" busy={view.busy} className="w-full">
          Join
        </Button>
      </form>
    </Frame>
  );
}

export default function InvitePage() {
  const { token = '' } = useParams<{ token?: string }>();
  return <InviteScreen key={token} token={token} />;
}
