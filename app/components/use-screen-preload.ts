import { type MouseEvent, useCallback, useEffect, useState } from "react";
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
 * React Router reloads the page when a screen's code fails to load, and the click is lost
 * (offline, that reload shows the browser's error page). So the code of every screen of the
 * frame is fetched as soon as the frame runs; when some of it could not be, a click on a link
 * tries again first and, if it fails again, leaves the page as it is and says so
 * (`unreachable`: the address that was clicked, for a Reload button).
 */
export function useScreenPreload(parentId: string) {
  const navigate = useNavigate();
  const [incomplete, setIncomplete] = useState(false);
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const preload = useCallback(async () => {
    const complete = await preloadScreens(parentId);
    setIncomplete(!complete);
    return complete;
  }, [parentId]);

  useEffect(() => {
    void preload();
  }, [preload]);

  /** For the frame's onClickCapture: runs before the link's own navigation. */
  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    if (!incomplete || !isPlainClick(event)) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || link.origin !== window.location.origin || link.target) return;
    event.preventDefault();
    event.stopPropagation();
    // A link in the phone's drawer: the drawer closes, so the outcome can be seen.
    link.closest("dialog")?.close();
    const to = link.pathname + link.search;
    void preload().then((complete) => {
      setUnreachable(complete ? null : to);
      if (complete) navigate(to);
    });
  };

  return { onClickCapture, unreachable };
}
