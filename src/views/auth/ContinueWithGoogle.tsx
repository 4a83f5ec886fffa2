/**
 * "Continue with Google" on the sign-in and sign-up pages (docs/accounts.md §Sign in with Google). The flow behind it
 * (ContinueWithGoogleFlow.tsx, the google-sign-in machine) is not part of the first screen: a stand-in button that
 * looks and reads the same loads it on hover, focus or press, and the press is replayed once it arrives.
 */
import { Button } from '../ui/Button';
import { lazyOnIntent } from '../ui/lazyOnIntent';
import { GOOGLE_BUTTON_TEXT, GoogleMark } from './GoogleMark';

const Flow = lazyOnIntent<{ place: 'sign-in' | 'sign-up' }>(() => import('./ContinueWithGoogleFlow'));

export function ContinueWithGoogle({ place }: { place: 'sign-in' | 'sign-up' }) {
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Flow
        place={place}
        placeholder={(trigger) => (
          <Button {...trigger} type="button" variant="secondary" className="w-full" icon={<GoogleMark />}>
            {GOOGLE_BUTTON_TEXT}
          </Button>
        )}
      />
    </div>
  );
}
