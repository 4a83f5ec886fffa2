/**
 * `autoFocus` as React means it: the element takes the focus when it enters the page. React does that itself and
 * renders no attribute; the Preact build (docs/architecture.md §Performance) renders the `autofocus` attribute, which
 * browsers honour only while a document loads. This observer focuses an element carrying it when it is inserted, so
 * a sign-in page reached in the app, a dialog's first field or an inline editor get the focus as they do with React.
 * With React it never finds one.
 */
export function focusAutofocusOnInsert(root: HTMLElement = document.body) {
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const target = node.hasAttribute('autofocus') ? node : node.querySelector<HTMLElement>('[autofocus]');
        if (target) {
          target.focus();
          return;
        }
      }
    }
  }).observe(root, { childList: true, subtree: true });
}
