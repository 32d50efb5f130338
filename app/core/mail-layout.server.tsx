import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";

/** What every mail says, in the club's look: written once, rendered as HTML and as plain text. */
export interface MailContent {
  /** The language it is written in: its texts come translated; this names it and words the footer's links. */
  locale: Locale;
  clubName: string;
  subject: string;
  /** A line above the heading ("New notice", "Weekly digest"). */
  kicker: string;
  heading: string;
  paragraphs: string[];
  /** The one thing to do: open the page, confirm the subscription. */
  action?: { label: string; url: string };
  /** Items listed after the paragraphs (a digest's publications). */
  items?: { title: string; url: string; summary: string }[];
  /** Headed lists after the items (a digest's practice leaders), each with a link to the page they come from. */
  sections?: MailSection[];
  /** Why the reader gets this mail, and where they change it. */
  footer: { reason: string; manageUrl?: string; unsubscribeUrl?: string };
}

export interface MailSection {
  heading: string;
  lines: string[];
  link?: { label: string; url: string };
}

// The club's navy and amber (app/app.css); mail clients read inline styles only.
const NAVY = "#0b1f3a";
const AMBER = "#fbbf24";
const TEXT = "#1e293b";
const MUTED = "#475569";
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans Bengali', 'Helvetica Neue', Arial, sans-serif";

export function renderMail(content: MailContent): { html: string; text: string } {
  return { html: `<!DOCTYPE html>${renderToStaticMarkup(<MailHtml content={content} />)}`, text: mailText(content) };
}

function MailHtml({ content }: { content: MailContent }) {
  const { footer } = content;
  const { t } = translatorOf(content.locale);
  return (
    <html lang={content.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, background: "#f1f5f9", fontFamily: FONT, color: TEXT }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: "#f1f5f9" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "16px 8px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560 }}>
                  <tbody>
                    <tr>
                      <td
                        style={{
                          background: NAVY,
                          color: "#ffffff",
                          padding: "16px 20px",
                          borderRadius: "12px 12px 0 0",
                        }}
                      >
                        <strong style={{ fontSize: 18 }}>{content.clubName}</strong>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ background: "#ffffff", padding: "20px", lineHeight: 1.5, fontSize: 16 }}>
                        <p style={{ margin: "0 0 4px", color: MUTED, fontSize: 14 }}>{content.kicker}</p>
                        <h1 style={{ margin: "0 0 12px", fontSize: 22, color: NAVY }}>{content.heading}</h1>
                        {content.paragraphs.map((paragraph) => (
                          <p key={paragraph} style={{ margin: "0 0 12px", whiteSpace: "pre-line" }}>
                            {paragraph}
                          </p>
                        ))}
                        {content.items?.map((item) => (
                          <div key={item.url} style={{ borderTop: "1px solid #e2e8f0", padding: "12px 0" }}>
                            <a href={item.url} style={{ color: NAVY, fontWeight: 700 }}>
                              {item.title}
                            </a>
                            <p style={{ margin: "4px 0 0", color: MUTED }}>{item.summary}</p>
                          </div>
                        ))}
                        {content.sections?.map((section) => (
                          <div key={section.heading} style={{ borderTop: "1px solid #e2e8f0", padding: "12px 0" }}>
                            <h2 style={{ margin: "0 0 4px", fontSize: 17, color: NAVY }}>{section.heading}</h2>
                            {section.lines.map((line) => (
                              <p key={line} style={{ margin: "2px 0" }}>
                                {line}
                              </p>
                            ))}
                            {section.link && (
                              <p style={{ margin: "6px 0 0" }}>
                                <a href={section.link.url} style={{ color: NAVY }}>
                                  {section.link.label}
                                </a>
                              </p>
                            )}
                          </div>
                        ))}
                        {content.action && (
                          <p style={{ margin: "20px 0 4px" }}>
                            <a
                              href={content.action.url}
                              style={{
                                display: "inline-block",
                                background: AMBER,
                                color: NAVY,
                                fontWeight: 700,
                                padding: "12px 20px",
                                borderRadius: 8,
                                textDecoration: "none",
                              }}
                            >
                              {content.action.label}
                            </a>
                          </p>
                        )}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "12px 20px", fontSize: 13, color: MUTED, lineHeight: 1.5 }}>
                        {footer.reason}
                        {footer.manageUrl && (
                          <>
                            {" "}
                            <a href={footer.manageUrl} style={{ color: MUTED }}>
                              {t("mail.layout.manage")}
                            </a>
                          </>
                        )}
                        {footer.unsubscribeUrl && (
                          <>
                            {" · "}
                            <a href={footer.unsubscribeUrl} style={{ color: MUTED }}>
                              {t("mail.layout.unsubscribe")}
                            </a>
                          </>
                        )}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function mailText(content: MailContent): string {
  const { t } = translatorOf(content.locale);
  const lines = [content.kicker, content.heading, "", ...content.paragraphs.flatMap((paragraph) => [paragraph, ""])];
  for (const item of content.items ?? []) lines.push(`* ${item.title}`, `  ${item.summary}`, `  ${item.url}`, "");
  for (const section of content.sections ?? []) {
    lines.push(section.heading, ...section.lines.map((line) => `  ${line}`));
    if (section.link) lines.push(`  ${section.link.label}: ${section.link.url}`);
    lines.push("");
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, "");
  lines.push("--", `${content.clubName}. ${content.footer.reason}`);
  if (content.footer.manageUrl) lines.push(`${t("mail.layout.manage")}: ${content.footer.manageUrl}`);
  if (content.footer.unsubscribeUrl) lines.push(`${t("mail.layout.unsubscribe")}: ${content.footer.unsubscribeUrl}`);
  return `${lines.join("\n")}\n`;
}
