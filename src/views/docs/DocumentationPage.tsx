/**
 * /documentation/{page}?workspaceId=..&appId=.. (docs/app-settings.md §Screens and routes documentation pages): the Questboard overview and the
 * BigQuery, Firebase, AppsFlyer and Adjust integration guides, rendered from docs/guides/*.md (each loaded on demand)
 * with the product's header, the list of guides and a way back. Readable signed in or not. When the address names an
 * app and the reader is signed in, the page asks the server for that app's own values (package or bundle id, postback
 * URLs, the service account e-mail to grant); a reader who may not see the app (or is signed out) reads placeholders,
 * never an error page.
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { GUIDES, isGuideSlug, type GuideSlug } from '../../contracts/documentation';
import { selectAccount, selectStatus } from '../../machines/session/session.selectors';
import { useGuideValues } from '../../services/app-links.queries';
import { renderGuide } from '../../lib/guide-markdown';
import { href, SUPPORT_EMAIL } from '../../paths';
import { Session } from '../flows/session';
import { Logo } from '../shell/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/SkipLink';
import { Spinner } from '../ui/Spinner';
import { GUIDE_TAB, loadGuide } from './guides';
import './guide.css';

type Loaded = { slug: GuideSlug; text: string | null; failed: boolean };

function useGuideText(slug: GuideSlug | null): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!slug) return;
    let live = true;
    loadGuide(slug).then(
      (text) => live && setLoaded({ slug, text, failed: false }),
      () => live && setLoaded({ slug, text: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  return loaded && loaded.slug === slug ? loaded : null;
}

export default function DocumentationPage() {
  const { page = '' } = useParams<{ page?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const workspaceId = query.get('workspaceId');
  const appId = query.get('appId');
  const slug = isGuideSlug(page) ? page : null;
  const status = Session.useSelector(selectStatus);
  const account = Session.useSelector(selectAccount);
  const values = useGuideValues(workspaceId, appId, status === 'signedIn');
  const loaded = useGuideText(slug);
  const html = useMemo(
    () => (loaded?.text ? renderGuide(loaded.text, values.data ?? null) : null),
    [loaded, values.data],
  );
  const keep = search ? `?${search}` : '';

  const workspace = account?.organisations?.find((w) => w.id === workspaceId) ?? null;
  const app = workspace?.apps?.find((a) => a.id === appId) ?? null;
  const back =
    status !== 'signedIn'
      ? { to: href.signIn(), label: 'Sign in' }
      : workspace && app
        ? {
            to: href.app(workspace.id, app.id, `integrations/${slug ? GUIDE_TAB[slug] : 'Overview'}`),
            label: `Back to ${app.appName}`,
          }
        : { to: href.home(), label: 'Back to Questboard' };

  // Links between guides stay in the page (and keep the app of the address).
  const followGuideLinks = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const target = anchor?.getAttribute('href') ?? '';
    if (!target.startsWith('/documentation/') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    navigate(`${target}${keep}`);
    window.scrollTo(0, 0);
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Link href={href.home()} aria-label="Questboard home">
              <Logo />
            </Link>
            <span className="hidden border-l border-slate-200 pl-3 text-sm font-medium text-slate-600 sm:inline">
              Documentation
            </span>
          </div>
          <Link
            href={back.to}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
          >
            {back.label}
          </Link>
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Guides" className="md:w-56 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {GUIDES.map((guide) => (
              <li key={guide.slug}>
                <Link
                  href={`${href.documentation(guide.slug)}${keep}`}
                  aria-current={guide.slug === slug ? 'page' : undefined}
                  className={`block rounded-lg px-3 py-1.5 text-sm ${guide.slug === slug ? 'bg-indigo-50 font-semibold text-indigo-800' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {guide.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 outline-none sm:p-8"
        >
          {appId && (
            <ValuesNote
              signedIn={status === 'signedIn'}
              loading={values.isFetching}
              appName={values.data?.appName ?? null}
              workspaceName={values.data?.workspaceName ?? null}
            />
          )}
          {!slug ? (
            <>
              <h1 className="text-2xl font-bold text-slate-900">Guide not found</h1>
              <p className="mt-3 text-sm text-slate-600">
                There is no guide at this address. Choose one of the guides in the list, or start with the{' '}
                <Link className="text-indigo-700 underline" href={`${href.documentation()}${keep}`}>
                  Questboard overview
                </Link>
                .
              </p>
            </>
          ) : loaded?.failed ? (
            <div role="alert" className="text-sm text-rose-800">
              <h1 className="text-2xl font-bold text-slate-900">Documentation</h1>
              <p className="mt-3">This guide could not be loaded. Check your connection and reload the page.</p>
            </div>
          ) : html === null ? (
            <div className="flex justify-center py-16 text-indigo-600">
              <Spinner className="size-6" label="Loading the guide" />
            </div>
          ) : (
            <article className="guide" onClick={followGuideLinks} dangerouslySetInnerHTML={{ __html: html }} />
          )}
          <p className="mt-10 border-t border-slate-200 pt-4 text-xs text-slate-600">
            Questions? Write to{' '}
            <a className="text-indigo-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </main>
      </div>
    </div>
  );
}

/** Whose values the guide shows: the app's own, or placeholders and why. */
function ValuesNote({
  signedIn,
  loading,
  appName,
  workspaceName,
}: {
  signedIn: boolean;
  loading: boolean;
  appName: string | null;
  workspaceName: string | null;
}) {
  const text = appName
    ? `Filled in with the values of ${appName} in ${workspaceName}.`
    : loading
      ? 'Loading your app’s values…'
      : signedIn
        ? 'This guide shows placeholders: your account cannot see the app named in the address.'
        : 'This guide shows placeholders. Sign in as a member of the app’s workspace to see its own values here.';
  return (
    <p
      role="status"
      className={`mb-6 rounded-lg px-3 py-2 text-sm ${appName ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
    >
      {text}
    </p>
  );
}
