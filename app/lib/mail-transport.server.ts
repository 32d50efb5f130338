import type { Transporter } from "nodemailer";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Fixed per mail, so a resend after a crash is recognisably the same message. */
  messageId: string;
  /** RFC 8058 one-click unsubscribe: sent as List-Unsubscribe with List-Unsubscribe-Post. */
  unsubscribeUrl?: string | null;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How long a silent SMTP server may keep a send waiting before it counts as failed (and is retried). */
const SMTP_TIMEOUT_MS = 30_000;

/** Sends through the SMTP server of `smtpUrl` (smtps:// for TLS from the start, smtp:// with STARTTLS when offered). */
export async function createSmtpTransport(smtpUrl: string): Promise<MailTransport> {
  const nodemailer = await import("nodemailer");
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.unsubscribeUrl ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
        list: mail.unsubscribeUrl ? { unsubscribe: mail.unsubscribeUrl } : undefined,
      });
    },
    close: () => transporter.close(),
  };
}
