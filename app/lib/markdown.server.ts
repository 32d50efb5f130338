import markdownIt, { type MarkdownIt } from "markdown-it";

/**
 * Markdown an admin writes (site settings' long texts), rendered on the server: raw HTML is
 * shown as text (`html: false`) and markdown-it refuses `javascript:`, `vbscript:`, `file:` and
 * `data:` links, so a text can't run script or restyle the page.
 */
const renderers = new Map<number, MarkdownIt>();

/** A text sits under the page's own headings: its `#` must not be a second h1. */
function rendererFrom(level: number): MarkdownIt {
  let renderer = renderers.get(level);
  if (!renderer) {
    renderer = markdownIt({ html: false, linkify: true, typographer: false });
    renderer.core.ruler.push("shift_headings", (state) => {
      for (const token of state.tokens) {
        if (token.type === "heading_open" || token.type === "heading_close") {
          token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + level - 1)}`;
        }
      }
    });
    renderers.set(level, renderer);
  }
  return renderer;
}

/** HTML of a Markdown text whose own top headings become `h{headingsFrom}` (2 under a page's h1). */
export function renderMarkdown(text: string, headingsFrom = 2): string {
  return rendererFrom(headingsFrom).render(text);
}
