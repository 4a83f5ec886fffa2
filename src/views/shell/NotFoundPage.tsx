/** Shown for unknown URLs and for pages the user's role cannot open. */
import { Link } from 'wouter';
import { href } from '../../paths';

export function NotFoundPage({
  title = 'Page not found',
  message = 'The page you are looking for does not exist or you do not have access to it.',
}: {
  title?: string;
  message?: string;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-sm text-slate-600">{message}</p>
      <Link
        href={href.home()}
        className="mt-6 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
      >
        Go to your workspace
      </Link>
    </div>
  );
}
