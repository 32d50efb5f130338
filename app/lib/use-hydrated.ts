import { type RefObject, useLayoutEffect, useRef, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML (and while hydrating), true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * For a control drawn as one element before JavaScript runs and another after (a link that
 * becomes a button): the first ref goes on the element of the server's HTML, the second on the
 * one that replaces it. A keyboard user who had reached the first when the page hydrated keeps
 * focus on the second, where it would otherwise fall back to the page.
 */
export function useFocusKeptAcrossHydration<Before extends HTMLElement, After extends HTMLElement>(
  hydrated: boolean,
): [RefObject<Before | null>, RefObject<After | null>] {
  const before = useRef<Before>(null);
  const after = useRef<After>(null);
  const hadFocus = useRef(false);
  // Read while rendering the swap (in the browser: the server never renders hydrated), the one
  // moment the first element is still in the page.
  if (hydrated && before.current && document.activeElement === before.current) {
    hadFocus.current = true;
  }
  useLayoutEffect(() => {
    if (hydrated && hadFocus.current) {
      hadFocus.current = false;
      after.current?.focus();
    }
  }, [hydrated]);
  return [before, after];
}
