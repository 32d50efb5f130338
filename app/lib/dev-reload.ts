/**
 * The dev server (scripts/dev.ts) announces every saved source file with this event. Pages
 * with React reload their changed modules through React Router's own hot reload; a page
 * without React (most public pages) has no modules to swap, so it reloads itself instead.
 */
export const SOURCE_CHANGED_EVENT = "club:source-changed";

/** The module script a page without React runs in development only. */
export const devReloadScript = `import { createHotContext } from "/@vite/client";
createHotContext("/page-without-react").on(${JSON.stringify(SOURCE_CHANGED_EVENT)}, () => location.reload());`;
