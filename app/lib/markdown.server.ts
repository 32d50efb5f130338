import type { MarkdownIt } from "markdown-it";

/**
 * Markdown an admin writes (site settings' long texts), rendered on the server: raw HTML is
 * shown as text (`html: false`) and markdown-it refuses `javascript:`, `vbscript:`, `file:` and
 * `data:` links, so a text can't run script or restyle the page.
 */
const renderers = new Map<number, Promise<MarkdownIt>>();

/**
 * A text sits under the page's own headings: its `#` must not be a second h1. markdown-it is
 * loaded on the first render (once per content version), not with the server: it is code and
 * tables a process needs a moment after a settings change, not at start.
 */
function rendererFrom(level: number): Promise<MarkdownIt> {
  let renderer = renderers.get(level);
  if (!renderer) {
    renderer = import("markdown-it").then(({ default: markdownIt }) => {
      const created = markdownIt({ html: false, linkify: true, typographer: false });
      created.core.ruler.push("shift_headings", (state) => {
        for (const token of state.tokens) {
          if (token.type === "heading_open" || token.type === "heading_close") {
            token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + level - 1)}`;
          }
        }
      });
      return created;
    });
    renderer.catch(() => renderers.delete(level));
    renderers.set(level, renderer);
  }
  return renderer;
}

/** HTML of a Markdown text whose own top headings become `h{headingsFrom}` (2 under a page's h1). */
export async function renderMarkdown(text: string, headingsFrom = 2): Promise<string> {
  return (await rendererFrom(headingsFrom)).render(text);
}
