import { renderToStaticMarkup } from "react-dom/server";
import { LiveStandings } from "~/components/live-standings";
import type { LiveBoard } from "~/features/live-contests/live-contests";
import { i18nFor } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { I18nProvider } from "~/i18n/react";

/**
 * A live board's markup in one language, as the page renders it: what an update sends the
 * browser to swap in. Kept per board version and language: every viewer gets the same text.
 */
const rendered = new Map<string, string>();
const KEEP = 64;

export function liveBoardHtml(board: LiveBoard, locale: Locale, timeZone: string): string {
  const key = `${board.version} ${locale} ${timeZone}`;
  const kept = rendered.get(key);
  if (kept !== undefined) return kept;
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(locale)}>
      <LiveStandings board={board} timeZone={timeZone} />
    </I18nProvider>,
  );
  if (rendered.size >= KEEP) rendered.delete(rendered.keys().next().value ?? "");
  rendered.set(key, html);
  return html;
}
