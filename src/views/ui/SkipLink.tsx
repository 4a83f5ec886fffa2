/**
 * "Skip to main content": the first focusable element of a page with navigation before its content, hidden until it
 * has the keyboard focus. Activating it moves the focus to the page's <main id="main-content" tabIndex={-1}>
 * (without changing the URL's hash, which the router does not own).
 */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink({ inert }: { inert?: boolean }) {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      inert={inert}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus(); // scrolls it into view when needed
      }}
      className="sr-only rounded-lg bg-white text-sm font-semibold text-indigo-700 shadow-lg ring-2 ring-indigo-500 focus:not-sr-only focus:fixed focus:px-4 focus:py-2 focus:top-3 focus:left-4 focus:z-[70]"
    >
      Skip to main content
    </a>
  );
}
