/** The frame of the signed-out pages (invitation, password reset, sign-up): the logo over one card. */
import { type ReactNode } from 'react';
import { Link } from 'wouter';
import { href } from '../../paths';
import { Logo } from '../shell/Logo';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

export function Frame({ children }: { children: ReactNode }) {
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

export function Refused({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
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

export function Centered({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-indigo-600">
      <Spinner className="size-8" label={label} />
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}
