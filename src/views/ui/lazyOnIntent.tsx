/**
 * Widgets loaded on first use (lighter first screens): the shell's Headless UI menus and listboxes are not
 * part of a page's first download. Until someone shows intent, a light placeholder button that looks and reads the
 * same stands in; hovering it with a mouse, focusing or pressing it starts the download, and the real widget then
 * takes its place (the placeholder stays on screen and focused until the code is here), keeps the focus, and
 * replays a press that came before it arrived: the very first click, tap or key opens it.
 *
 *   const WorkspaceMenu = lazyOnIntent(() => import('./HeaderMenus').then((m) => ({ default: m.WorkspaceMenu })));
 *   <WorkspaceMenu {...props} placeholder={(trigger) => <button {...trigger} …>face</button>} />
 *
 * The real widget receives `intent` and calls `useReplayIntent(intent, buttonRef, openKey)`.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/** What the user did to the placeholder before the real widget arrived. */
export interface Intent {
  placeholder: HTMLElement | null;
  /** The placeholder has the focus (a removal does not take it away: only a move to another element does). */
  focused: boolean;
  press: 'pointer' | 'keyboard' | null;
  key: string | null;
}
export type IntentRef = RefObject<Intent>;

export interface TriggerProps {
  ref(element: HTMLElement | null): void;
  onPointerEnter(event: PointerEvent): void;
  onPointerDown(event: PointerEvent): void;
  onFocus(): void;
  onBlur(event: FocusEvent): void;
  onClick(event: MouseEvent): void;
  onKeyDown(event: KeyboardEvent): void;
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp']);

export function lazyOnIntent<P extends object>(
  load: () => Promise<{ default: ComponentType<P & { intent?: IntentRef }> }>,
) {
  // Loaded once per page load; until then the placeholder stays. No Suspense: the placeholder is swapped for the
  // widget in one render, once its code is here, so the focused element is never a fallback in between.
  let Real: ComponentType<P & { intent?: IntentRef }> | null = null;
  let loading: Promise<void> | null = null;
  const fetchReal = () =>
    (loading ??= load().then(
      (module) => {
        Real = module.default;
      },
      (error: unknown) => {
        loading = null; // a failed download is tried again on the next intent
        throw error;
      },
    ));

  return function LazyOnIntent(props: P & { placeholder: (trigger: TriggerProps) => ReactNode }) {
    const { placeholder, ...rest } = props;
    const [, setLoaded] = useState(Real !== null);
    const intent = useRef<Intent>({ placeholder: null, focused: false, press: null, key: null });
    const mounted = useRef(true);
    useEffect(() => {
      mounted.current = true;
      return () => {
        mounted.current = false;
      };
    }, []);
    const want = () => {
      // Also when the code is already here (another placeholder fetched it): this one re-renders as the widget.
      fetchReal().then(
        () => {
          if (mounted.current) setLoaded(true);
        },
        () => {}, // offline: the placeholder stays, the next intent tries again
      );
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
      onFocus: () => {
        intent.current.focused = true;
        want();
      },
      onBlur: (event) => {
        if (event.relatedTarget) intent.current.focused = false;
      },
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
    const Loaded = Real;
    return Loaded ? <Loaded {...(rest as P)} intent={intent} /> : placeholder(trigger);
  };
}

/**
 * Called by the real widget with its trigger: once mounted, the trigger takes the focus if the placeholder had it,
 * and the press that asked for the widget is replayed (a click for a pointer, `openKey` for Enter/Space, or the arrow
 * key itself).
 */
export function useReplayIntent(intent: IntentRef | undefined, button: RefObject<HTMLElement | null>, openKey: string) {
  // Read while rendering: the placeholder had the focus and nothing else took it since (the placeholder may already
  // be gone from the page: Preact removes it before rendering its replacement).
  const [hadFocus] = useState(() => {
    const placeholder = intent?.current.placeholder ?? null;
    const active = document.activeElement;
    if (placeholder && active === placeholder) return true;
    return !!intent?.current.focused && (active === null || active === document.body);
  });
  // A layout effect: the focus moves in the same commit that removed the focused placeholder, so a key pressed
  // right after never lands on the page body.
  useLayoutEffect(() => {
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
