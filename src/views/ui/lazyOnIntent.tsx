/**
 * Widgets loaded on first use (lighter first screens): the shell's Headless UI menus and listboxes are not
 * part of a page's first download. Until someone shows intent, a light placeholder button that looks and reads the
 * same stands in; hovering it with a mouse, focusing or pressing it starts the download, and the real widget then
 * takes its place (in a transition, so the placeholder stays on screen and focused meanwhile), keeps the focus, and
 * replays a press that came before it arrived: the very first click, tap or key opens it.
 *
 *   const WorkspaceMenu = lazyOnIntent(() => import('./HeaderMenus').then((m) => ({ default: m.WorkspaceMenu })));
 *   <WorkspaceMenu {...props} placeholder={(trigger) => <button {...trigger} …>face</button>} />
 *
 * The real widget receives `intent` and calls `useReplayIntent(intent, buttonRef, openKey)`.
 */
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/** What the user did to the placeholder before the real widget arrived. */
export interface Intent {
  placeholder: HTMLElement | null;
  press: 'pointer' | 'keyboard' | null;
  key: string | null;
}
export type IntentRef = RefObject<Intent>;

export interface TriggerProps {
  ref(element: HTMLElement | null): void;
  onPointerEnter(event: PointerEvent): void;
  onPointerDown(event: PointerEvent): void;
  onFocus(): void;
  onClick(event: MouseEvent): void;
  onKeyDown(event: KeyboardEvent): void;
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp']);

export function lazyOnIntent<P extends object>(
  load: () => Promise<{ default: ComponentType<P & { intent?: IntentRef }> }>,
) {
  const Real = lazy(load);
  let requested = false; // once asked for on one page, later pages render the real widget straight away

  return function LazyOnIntent(props: P & { placeholder: (trigger: TriggerProps) => ReactNode }) {
    const { placeholder, ...rest } = props;
    const [wanted, setWanted] = useState(requested);
    const intent = useRef<Intent>({ placeholder: null, press: null, key: null });
    const want = () => {
      requested = true;
      startTransition(() => setWanted(true));
    };
    const trigger: TriggerProps = {
      ref: (element) => {
        intent.current.placeholder = element;
      },
      onPointerEnter: (event) => {
        if (event.pointerType === 'mouse') want();
      },
      onPointerDown: (event) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        intent.current.press = 'pointer';
        want();
      },
      onFocus: want,
      onClick: (event) => {
        // detail 0: a click made with Enter or Space (a pointer press was recorded on pointerdown).
        if (event.detail === 0) intent.current.press = 'keyboard';
        want();
      },
      onKeyDown: (event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        intent.current.key = event.key;
        want();
      },
    };
    const stand = placeholder(trigger);
    return <Suspense fallback={stand}>{wanted ? <Real {...(rest as P)} intent={intent} /> : stand}</Suspense>;
  };
}

/**
 * Called by the real widget with its trigger: once mounted, the trigger takes the focus if the placeholder had it,
 * and the press that asked for the widget is replayed (a click for a pointer, `openKey` for Enter/Space, or the arrow
 * key itself).
 */
export function useReplayIntent(intent: IntentRef | undefined, button: RefObject<HTMLElement | null>, openKey: string) {
  // Read while rendering, when the placeholder is still in the page.
  const [hadFocus] = useState(
    () => !!intent?.current.placeholder && document.activeElement === intent.current.placeholder,
  );
  useEffect(() => {
    const element = button.current;
    const pending = intent?.current;
    if (!element || !pending) return;
    const { press, key } = pending;
    // oxlint-disable-next-line react/immutability -- `intent` is a ref (IntentRef) the placeholder's handlers fill; the replay empties it once, in this effect
    pending.press = null;
    pending.key = null;
    if (hadFocus || press || key) element.focus({ preventScroll: true });
    if (press === 'pointer') element.click();
    else if (press === 'keyboard' || key) {
      element.dispatchEvent(new KeyboardEvent('keydown', { key: key ?? openKey, bubbles: true, cancelable: true }));
    }
  }, [intent, button, openKey, hadFocus]);
}
