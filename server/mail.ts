// The SMTP transport of notice e-mails (nodemailer): on only when SMTP_URL and NOTICES_FROM are both
// set (e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465, NOTICES_FROM="Shop <billing@shop.example>").
import nodemailer from "nodemailer";
import { type Config, config } from "@/server/config";
import type { NoticeMailer } from "@/server/domain/notices/mail";

let cached: { key: string; mailer: NoticeMailer } | null = null;

/** The mailer of the configured SMTP server and sender, or null while either is unset (no e-mails). */
export function noticeMailerFromConfig(cfg: Config = config()): NoticeMailer | null {
  const url = cfg.SMTP_URL;
  const from = cfg.NOTICES_FROM;
  if (!url || !from) return null;
  const key = `${url}\n${from}`;
  if (cached?.key === key) return cached.mailer;
  const transport = nodemailer.createTransport(url);
  const mailer: NoticeMailer = {
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
  cached = { key, mailer };
  return mailer;
}
