import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

interface ManifestRoute {
  parentId?: string;
  module: string;
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  }
}

/** The code of every screen under `parentId`, fetched ahead; true when all of it arrived. */
async function preloadScreens(parentId: string): Promise<boolean> {
  const routes = Object.values(window.__reactRouterManifest?.routes ?? {}).filter(
    (route) => route.parentId === parentId,
  );
  const modules = [...new Set(routes.map((route) => route.module))];
  const loaded = await Promise.allSettled(modules.map((module) => import(/* @vite-ignore */ module)));
  return loaded.every((result) => result.status === "fulfilled");
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * The link React Router itself would follow inside the app: its `<Link>` marks its anchors with
 * `data-discover`. A plain anchor is the browser's to follow: a download (a CSV, a backup), a
 * jump within the page, a page loaded whole (Reload); taken into the app, a download would
 * become an empty screen.
 */
function appLinkOf(target: EventTarget): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a") : null;
  if (!link?.hasAttribute("data-discover") || link.hasAttribute("download") || link.target) return null;
  return link.origin === window.location.origin ? link : null;
}

/**
 * React Router reloads the page when a screen's code fails to load, and the click is lost
 * (offline, that reload shows the browser's error page). So the code of every screen of the
 * frame is fetched as soon as the frame runs. Until all of it has arrived (still loading, or
 * some of it failed), a click on a link into the app waits for it, tries again what failed
 * and, if that fails too, leaves the page as it is and says so (`unreachable`: the address
 * that was clicked, for a Reload button).
 */
export function useScreenPreload(parentId: string) {
  const navigate = useNavigate();
  const loading = useRef<Promise<boolean> | null>(null);
  const [complete, setComplete] = useState(false);
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const preload = useCallback(() => {
    loading.current ??= preloadScreens(parentId).then((done) => {
      loading.current = null;
      setComplete(done);
      return done;
    });
    return loading.current;
  }, [parentId]);

  useEffect(() => {
    void preload();
  }, [preload]);

  /** For the frame's onClickCapture: runs before the link's own navigation. */
  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    if (complete || !isPlainClick(event)) return;
    const link = appLinkOf(event.target);
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    // A link in the phone's drawer: the drawer closes, so the outcome can be seen.
    link.closest("dialog")?.close();
    const to = link.pathname + link.search;
    // The load under way, if any; then once more for whatever failed.
    void preload()
      .then((done) => done || preload())
      .then((done) => {
        setUnreachable(done ? null : to);
        if (done) navigate(to);
      });
  };

  return { onClickCapture, unreachable };
}
