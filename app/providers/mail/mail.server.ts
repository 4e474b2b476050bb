import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "#app/config.server.ts";
import { logger } from "#app/logger.server.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on alerts (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with it, e.g. a viewing's calendar file (text/calendar; method=REQUEST). */
  attachments?: MailAttachment[];
};

/** A small text attachment, kept in the outbox row as it is (calendar files are a few hundred bytes). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export interface Mailer {
  /** Delivers one message; rejects when the transport refuses it (UndeliverableAddress: the address itself). */
  send(message: MailMessage): Promise<void>;
}

/**
 * The mail server refused the recipient itself (a permanent 5xx answer to RCPT TO: no such mailbox, domain
 * gone): sending again will not help, unlike a refusal of the connection, the login or the message.
 */
export class UndeliverableAddress extends Error {
  readonly address: string;
  constructor(address: string, reply: string) {
    super(`${address} is undeliverable: ${reply}`);
    this.name = "UndeliverableAddress";
    this.address = address;
  }
}

/** nodemailer's error for a refused envelope: the SMTP command and its reply code. */
function isRecipientRefused(error: unknown) {
  const { command, responseCode } = (error ?? {}) as { command?: string; responseCode?: number };
  return (
    command === "RCPT TO" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600
  );
}

/**
 * SMTP when SMTP_URL is set; otherwise an outbox folder in the data folder, one .eml file per message,
 * so password reset works on a fresh machine (in development the link is also logged).
 */
export function createMailer(mail: Config["mail"]): Mailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: mail.from, ...message });
        } catch (error) {
          if (isRecipientRefused(error)) {
            const reply = (error as { response?: string }).response ?? String(error);
            throw new UndeliverableAddress(message.to, reply);
          }
          throw error;
        }
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: mail.from, ...message });
      mkdirSync(mail.outboxDir, { recursive: true });
      const file = path.join(mail.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      writeFileSync(file, info.message as Buffer);
      // The text carries one-time links (reset, verification): logged only in development.
      logger.info(
        { subject: message.subject, file, ...(mail.logText ? { to: message.to, text: message.text } : {}) },
        "mail written to outbox",
      );
    },
  };
}
