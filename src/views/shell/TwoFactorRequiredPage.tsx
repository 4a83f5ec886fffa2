/**
 * Shown in place of every page of a workspace that requires two-factor sign-in, to a member who has not turned it on
 * (docs/accounts.md §Two-factor sign-in): why, and the way to the account page. The server refuses the workspace's
 * routes meanwhile (403 two_factor_required); once the account has it, the session re-reads the account and the
 * workspace opens.
 */
import { Link } from 'wouter';
import { href } from '../../paths';
import { TWO_FACTOR_REQUIRED } from '../../contracts/workspace';

export function TwoFactorRequiredPage({ workspaceName }: { workspaceName: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Two-factor sign-in required</h1>
      <p className="mt-3 text-sm text-slate-600">{TWO_FACTOR_REQUIRED}</p>
      <p className="mt-2 text-sm text-slate-600">
        An administrator of {workspaceName} asks every member to sign in with a code from an authenticator app.
      </p>
      <Link
        href={href.account()}
        className="mt-6 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
      >
        Turn on two-factor sign-in
      </Link>
    </div>
  );
}
