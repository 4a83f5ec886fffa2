/**
 * /account (signed in, from the profile menu; docs/accounts.md §Account page): the name, the e-mail change, the
 * password change, two-factor sign-in and the signed-in devices with "Sign out" for one and for all the others. Thin
 * views over account-profile, email-change, change-password and account-sessions.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { selectAccount, sessionActions } from '../../machines/session/session.selectors';
import { accountProfileFlow } from '../../machines/account-profile/account-profile.actors';
import { accountProfileActions, selectAccountProfile } from '../../machines/account-profile/account-profile.selectors';
import { changePasswordFlow } from '../../machines/change-password/change-password.actors';
import { changePasswordActions, selectChangePassword } from '../../machines/change-password/change-password.selectors';
import { accountSessionsFlow } from '../../machines/account-sessions/account-sessions.actors';
import {
  accountSessionsActions,
  selectAccountSessions,
} from '../../machines/account-sessions/account-sessions.selectors';
import type { Account } from '../../contracts/auth';
import { PASSWORD_HINT } from '../../contracts/passwords';
import { href } from '../../paths';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Spinner } from '../ui/Spinner';
import { SkipLink, MAIN_CONTENT_ID } from '../ui/SkipLink';
import { Logo } from '../shell/Logo';
import { TwoFactorSection } from './TwoFactorSection';
import { EmailSection } from './EmailSection';
import { GoogleSection } from './GoogleSection';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Not yet';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ErrorLine({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
      {text}
    </p>
  ) : null;
}

function NameForm({ account }: { account: Account }) {
  const session = Session.useActorRef();
  const actor = useFlowActor(
    accountProfileFlow,
    { firstName: account.firstName, lastName: account.lastName },
    { key: account.accountId, deps: { session } },
  );
  const view = useSelector(actor, selectAccountProfile);
  const actions = useActions(actor, accountProfileActions);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        actions.submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={view.firstName}
          onChange={(e) => actions.change('firstName', e.target.value)}
          error={view.errors.firstName}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={view.lastName}
          onChange={(e) => actions.change('lastName', e.target.value)}
          error={view.errors.lastName}
        />
      </div>
      <ErrorLine text={view.error} />
      <Button type="submit" busy={view.busy}>
        Save name
      </Button>
    </form>
  );
}

function PasswordForm({ accountId, onChanged }: { accountId: string; onChanged: () => void }) {
  const actor = useFlowActor(changePasswordFlow, undefined, { key: accountId, deps: { changed: onChanged } });
  const view = useSelector(actor, selectChangePassword);
  const actions = useActions(actor, changePasswordActions);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        actions.submit();
      }}
    >
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={view.currentPassword}
        onChange={(e) => actions.change('currentPassword', e.target.value)}
        error={view.errors.currentPassword}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={view.newPassword}
          onChange={(e) => actions.change('newPassword', e.target.value)}
          error={view.errors.newPassword}
          hint={PASSWORD_HINT}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={view.confirm}
          onChange={(e) => actions.change('confirm', e.target.value)}
          error={view.errors.confirm}
        />
      </div>
      <ErrorLine text={view.error} />
      <Button type="submit" busy={view.busy}>
        Change password
      </Button>
    </form>
  );
}

function SessionsList({ actor }: { actor: ReturnType<typeof useSessionsActor> }) {
  const view = useSelector(actor, selectAccountSessions);
  const actions = useActions(actor, accountSessionsActions);
  if (view.loading) return <Spinner className="size-6 text-indigo-600" label="Loading your sessions" />;
  if (view.unavailable)
    return (
      <div className="space-y-3">
        <ErrorLine text={view.unavailable} />
        <Button variant="secondary" onClick={actions.retry}>
          Try again
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      <ul aria-label="Signed-in devices" className="divide-y divide-slate-100">
        {view.sessions.map((session) => (
          <li key={session.sessionId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current && (
                  <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
                    This device
                  </span>
                )}
              </p>
              <p className="break-words text-slate-600">
                {session.ip || 'Unknown address'} · Signed in {when(session.createdAt)} · Last used{' '}
                {when(session.lastUsedAt)}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                busy={view.pending === session.sessionId}
                disabled={!view.idle}
                onClick={() => actions.signOut(session.sessionId)}
                aria-label={`Sign out ${session.device}, ${session.ip || 'unknown address'}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ErrorLine text={view.error} />
      <Button
        variant="secondary"
        busy={view.busyOthers}
        disabled={!view.idle || !view.hasOthers}
        onClick={actions.signOutOthers}
      >
        Sign out all other sessions
      </Button>
    </div>
  );
}

const useSessionsActor = (accountId: string) => useFlowActor(accountSessionsFlow, undefined, { key: accountId });

export default function AccountPage() {
  const account = Session.useSelector(selectAccount);
  const session = Session.useActorRef();
  const sessionAct = useActions(session, sessionActions);
  const sessions = useSessionsActor(account?.accountId ?? '');
  if (!account) return null;
  const back = account.organisations?.[0] ? href.apps(account.organisations[0].id) : href.home();
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 sm:gap-4 sm:px-6">
        {/* The compact logo and a short link on narrow screens, so the header fits 320 px. */}
        <span className="sm:hidden">
          <Logo compact />
        </span>
        <span className="hidden sm:inline">
          <Logo />
        </span>
        <div className="flex items-center gap-2">
          <Link
            href={back}
            aria-label="Back to Questboard"
            className="text-sm font-semibold text-indigo-600 hover:text-indigo-500"
          >
            <span className="sm:hidden">Back</span>
            <span className="hidden sm:inline">Back to Questboard</span>
          </Link>
          <Button variant="ghost" onClick={sessionAct.signOut}>
            Logout
          </Button>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-3xl space-y-6 px-4 py-10 outline-none">
        <h1 className="text-2xl font-bold text-slate-900">Your account</h1>
        <Section title="Name">
          <NameForm account={account} />
        </Section>
        <Section title="Email">
          <EmailSection accountId={account.accountId} email={account.workEmail} />
        </Section>
        <Section title="Password">
          <PasswordForm accountId={account.accountId} onChanged={() => sessions.send({ type: 'REFRESH' })} />
        </Section>
        <Section title="Two-factor sign-in">
          <TwoFactorSection accountId={account.accountId} />
        </Section>
        <Section title="Google sign-in">
          <GoogleSection accountId={account.accountId} />
        </Section>
        <Section title="Sessions">
          <SessionsList actor={sessions} />
        </Section>
      </main>
    </div>
  );
}
