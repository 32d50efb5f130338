/**
 * A text an admin wrote in Markdown, as the server rendered it (app/lib/markdown.server.ts:
 * raw HTML shown as text, no script links). `steps` numbers an ordered list in badges.
 */
export function MarkdownText({ html, className = "", steps }: { html: string; className?: string; steps?: boolean }) {
  return (
    <div
      className={`markdown ${steps ? "markdown-steps" : ""} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from Markdown, raw HTML escaped
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
