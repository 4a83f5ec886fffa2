/** /continue: the sign-in page (docs/accounts.md §Screens and routes login landing, reached after logout). */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { Session } from '../flows/session';
import {
  selectCodeStep,
  selectNotice,
  selectSignInError,
  selectSigningIn,
  selectStatus,
  sessionActions,
} from '../../machines/session/session.selectors';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { href, PRIVACY_URL, TERMS_URL } from '../../paths';
import { isEmail } from '../../contracts/codecs';
import { Logo } from '../shell/Logo';
import { useActions } from '../flows/useActions';
import { ContinueWithGoogle } from './ContinueWithGoogle';

/** Only same-site paths are followed after sign-in. */
export const safeNext = (next: string | null) =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : href.home();

export default function SignInPage() {
  const actor = Session.useActorRef();
  const actions = useActions(actor, sessionActions);
  const status = Session.useSelector(selectStatus);
  const busy = Session.useSelector(selectSigningIn);
  const error = Session.useSelector(selectSignInError);
  const notice = Session.useSelector(selectNotice);
  const codeStep = Session.useSelector(selectCodeStep, (a, b) => a.open === b.open && a.verifying === b.verifying);
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [otp, setOtp] = useState('');

  if (status === 'signedIn') return <Redirect to={safeNext(new URLSearchParams(search).get('next'))} replace />;

  const emailError = touched && !isEmail(email.trim()) ? 'Enter a valid email address.' : null;
  const passwordError = touched && !password ? 'Enter your password.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    // Always told, even when the fields are refused here: the session drops an earlier refusal that no longer applies.
    actions.signIn(email.trim(), password);
  };

  if (codeStep.open)
    return (
      <SignInCard>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actions.submitCode(otp);
          }}
          noValidate
          className="space-y-5"
        >
          <div>
            <h1 className="text-xl font-bold text-slate-900">Two-factor sign-in</h1>
            <p className="mt-1 text-sm text-slate-500">
              Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
          </div>
          {notice && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {notice}
            </p>
          )}
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            autoFocus
          />
          {error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {error}
            </p>
          )}
          <Button type="submit" busy={codeStep.verifying} className="w-full">
            Verify
          </Button>
          <p className="text-center text-sm">
            <button
              type="button"
              onClick={() => {
                setOtp('');
                actions.cancelCode();
              }}
              className="font-semibold text-indigo-600 hover:text-indigo-500"
            >
              Back to sign in
            </button>
          </p>
        </form>
      </SignInCard>
    );

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <form
          onSubmit={submit}
          noValidate
          className="space-y-5 rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200"
        >
          <div>
            <h1 className="text-xl font-bold text-slate-900">Sign in to Questboard</h1>
            <p className="mt-1 text-sm text-slate-500">Analytics, quests and monetization for your games.</p>
          </div>
          {notice && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {notice}
            </p>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailError}
            autoFocus
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError}
          />
          {error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {error}
            </p>
          )}
          <Button type="submit" busy={busy} className="w-full">
            Sign in
          </Button>
          <p className="text-center text-sm">
            <Link href={href.forgotPassword()} className="font-semibold text-indigo-600 hover:text-indigo-500">
              Forgot your password?
            </Link>
          </p>
          <ContinueWithGoogle place="sign-in" />
          <p className="text-center text-sm text-slate-600">
            New to Questboard?{' '}
            <Link href={href.signUp()} className="font-semibold text-indigo-600 hover:text-indigo-500">
              Create an account
            </Link>
          </p>
        </form>
        <p className="mt-6 text-center text-xs text-slate-500">
          <a className="hover:text-slate-700" href={PRIVACY_URL} target="_blank" rel="noreferrer">
            Privacy
          </a>
          <span className="mx-2">·</span>
          <a className="hover:text-slate-700" href={TERMS_URL} target="_blank" rel="noreferrer">
            Terms
          </a>
        </p>
      </div>
    </main>
  );
}

/** The sign-in page's frame around the code step's card. */
function SignInCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">{children}</div>
      </div>
    </main>
  );
}
