/** /workspace/home (docs/workspace.md §Screens and routes): to the first organisation's apps, or the empty state with Create Workspace. */
import { useState } from 'react';
import { Redirect } from 'wouter';
import { Session } from '../flows/session';
import { selectAccount, sessionActions } from '../../machines/session/session.selectors';
import { href } from '../../paths';
import { EmptyState } from '../ui/EmptyState';
import { Button } from '../ui/Button';
import { SkipLink, MAIN_CONTENT_ID } from '../ui/SkipLink';
import { Logo } from '../shell/Logo';
import { CreateWorkspaceModal } from '../shell/CreateWorkspaceModal';
import { useActions } from '../flows/useActions';

export const NO_WORKSPACE = "User don't have workspace. Please create one.";

export default function HomePage() {
  const account = Session.useSelector(selectAccount);
  const actor = Session.useActorRef();
  const actions = useActions(actor, sessionActions);
  const [creating, setCreating] = useState(false);
  const first = account?.organisations?.[0];
  if (first) return <Redirect to={href.apps(first.id)} replace />;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-6">
        <Logo />
        <Button variant="ghost" onClick={actions.signOut}>
          Logout
        </Button>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-xl px-4 py-16 outline-none">
        <EmptyState
          level={1}
          title={NO_WORKSPACE}
          action={<Button onClick={() => setCreating(true)}>Create Workspace</Button>}
        >
          A workspace holds your apps, reports and team.
        </EmptyState>
      </main>
      <CreateWorkspaceModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
