/**
 * /invite/{token} (public; docs/accounts.md §Session states invitation, §Rules and limits invite): the invited person sees the workspace, their email
 * (read-only) and role, sets a name and password and joins; an address that already has an account only confirms
 * with its password. Expired, used, withdrawn, resent and unknown links are refused in words with a way to sign
 * in. A thin view over the accept-invite machine.
 */
import { useSelector } from '@xstate/react';
import { useLocation, useParams } from 'wouter';
import { acceptInviteFlow } from '../../machines/accept-invite/accept-invite.actors';
import { selectInvitePage, acceptInviteActions } from '../../machines/accept-invite/accept-invite.selectors';
import type { Refusal } from '../../machines/accept-invite/accept-invite.machine';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { selectAccount } from '../../machines/session/session.selectors';
import { PASSWORD_HINT } from '../../contracts/passwords';
import { roleLabel } from '../../contracts/codecs';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useActions } from '../flows/useActions';
import { Centered, Frame, Refused } from './AuthFrame';

const REFUSAL_TITLES: Record<Refusal, string> = {
  expired: 'This invitation has expired',
  accepted: 'This invitation was already used',
  revoked: 'This invitation was withdrawn',
  superseded: 'A newer invitation was sent',
};

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
