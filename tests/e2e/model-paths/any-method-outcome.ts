/**
 * `outcome()` for a call whose method and URL the next step decides (a plugin's connect, disconnect or delete behind
 * one invoke id): holds the first request matching any of `requests` until the outcome event answers it, as
 * `outcome()` does for one method and URL.
 */
import type { Page, Request, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { EventEntry, Ui } from './driver';

type Answer = 'server' | 'abort' | { status: number; json: unknown };
interface Held {
  release: (answer: Answer) => void;
  answered: Promise<void>;
  unroute: () => Promise<void>;
}
const held = new WeakMap<Page, Held>();

export function anyMethodOutcome<TUi extends Ui>(
  requests: readonly { method: string; url: RegExp }[],
  answer: (event: EventObject) => Answer,
  label?: (event: EventObject) => string,
): EventEntry<TUi> {
  const url = (u: URL) => requests.some((r) => r.url.test(u.pathname));
  return {
    arrange: async (ui) => {
      let release!: (answer: Answer) => void;
      const decided = new Promise<Answer>((resolve) => (release = resolve));
      let done!: () => void;
      const answered = new Promise<void>((resolve) => (done = resolve));
      let taken = false;
      const handler = async (route: Route, request: Request) => {
        const path = new URL(request.url()).pathname;
        if (taken || !requests.some((r) => r.method === request.method() && r.url.test(path))) return route.fallback();
        taken = true;
        const chosen = await decided;
        try {
          if (chosen === 'server') await route.continue();
          else if (chosen === 'abort') await route.abort();
          else
            await route.fulfill({
              status: chosen.status,
              contentType: 'application/json',
              body: JSON.stringify(chosen.json),
            });
        } catch {
          // The page went away while the request was held.
        } finally {
          done();
        }
      };
      await ui.page.route(url, handler);
      held.set(ui.page, { release, answered, unroute: () => ui.page.unroute(url, handler) });
    },
    act: async (ui, event) => {
      const gate = held.get(ui.page);
      if (!gate) throw new Error('no request held: the step before this outcome did not arrange it');
      held.delete(ui.page);
      gate.release(answer(event));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error('the page never sent the held request')), 20_000)),
      );
      await Promise.race([gate.answered, late]).finally(() => clearTimeout(timer));
      await gate.unroute();
    },
    label,
  };
}

/** Releases a request still held at the end of a path (aborted: nothing is written). */
export function abortHeld(page: Page) {
  const gate = held.get(page);
  held.delete(page);
  gate?.release('abort');
}
