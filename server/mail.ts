// The SMTP transport of notice e-mails (nodemailer): on only when SMTP_URL and NOTICES_FROM are both
// set (e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465, NOTICES_FROM="Shop <billing@shop.example>").
import nodemailer from "nodemailer";
import type { NoticeMailer } from "@/server/domain/notices/mail";

let cached: { key: string; mailer: NoticeMailer } | null = null;

export function noticeMailerFromEnv(env: Record<string, string | undefined> = process.env): NoticeMailer | null {
  const url = env.SMTP_URL?.trim();
  const from = env.NOTICES_FROM?.trim();
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
