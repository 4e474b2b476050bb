import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A loopback SMTP server that keeps every message it receives, and a small HTTP "inbox" API beside it so
 * Playwright workers (other processes) can read them:
 *
 *   GET    /messages?to=addr[&subject=text][&wait=ms]  → ReceivedMail[] (oldest first); with `wait`, holds
 *                                                         the request until at least one message matches
 *   DELETE /messages[?to=addr]                          → { deleted: n }
 *
 * Plain SMTP only: STARTTLS is not offered, so nodemailer sends in clear without `ignoreTLS`; AUTH is
 * optional and any credentials are accepted.
 */
export type ReceivedMail = {
  id: string;
  receivedAt: string;
  /** Envelope sender. */
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text and the html (hrefs included), in order, without duplicates. */
  links: string[];
  /** The raw header lines by lower-case name (the last one of a repeated name), e.g. list-unsubscribe. */
  headers: Record<string, string>;
  /** Attached files, their content as UTF-8 text (calendar files). */
  attachments: { filename: string; contentType: string; content: string }[];
};

export type SmtpPeer = {
  port: number;
  /** For the app's SMTP_URL: `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Base URL of the inbox API: `http://127.0.0.1:<port>/messages`. */
  inboxUrl: string;
  /** Received messages, oldest first (live array). */
  messages: ReceivedMail[];
  clear(): void;
  stop(): Promise<void>;
};

export type SmtpServerOptions = {
  /** Called as each client connects; the greeting waits for the promise (a sender that has sent nothing yet). */
  beforeGreeting?: () => Promise<void>;
  /**
   * Called with each message once it is kept, before the server answers "250 OK" to it; the answer waits for
   * the promise. A test that holds it has the sender between delivery and acknowledgement: a sender that dies
   * there never learns the message was delivered (RFC 1047).
   */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void>;
  /** Addresses refused at RCPT TO with "550 5.1.1 mailbox unavailable", as a mail server bounces a dead one. */
  refuseRecipient?: (address: string) => boolean;
};

/** Starts the SMTP server and its inbox API, each on a free loopback port. */
export async function startSmtpServer({
  beforeGreeting,
  beforeAnswer,
  refuseRecipient,
}: SmtpServerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    banner: "homestead e2e smtp",
    closeTimeout: 1000,
    onConnect(_session, callback) {
      if (!beforeGreeting) return callback();
      beforeGreeting().then(() => callback(), callback);
    },
    onRcptTo(address, _session, callback) {
      if (!refuseRecipient?.(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 });
      callback(error);
    },
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const html = typeof parsed.html === "string" ? parsed.html : "";
          const text = parsed.text ?? "";
          const headerTo = [parsed.to, parsed.cc].flatMap((field) => addresses(field));
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const mail: ReceivedMail = {
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: [...new Set([...envelopeTo, ...headerTo])],
            subject: parsed.subject ?? "",
            text,
            html,
            links: extractLinks(`${text}\n${html}`),
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()]),
            ),
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? "",
              contentType: file.contentType,
              content: file.content.toString("utf8"),
            })),
          };
          messages.push(mail);
          for (const wake of waiters) wake();
          await beforeAnswer?.(mail);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  smtp.on("error", () => {
    // A client that drops its connection is not our failure; the message it was sending is simply absent.
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(0, "127.0.0.1", () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const inbox = createServer((req, res) => {
    handleInbox(req, res, messages, waiters).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    inbox.once("error", reject);
    inbox.listen(0, "127.0.0.1", () => resolve());
  });
  const inboxPort = (inbox.address() as AddressInfo).port;

  return {
    port: smtpPort,
    url: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}/messages`,
    messages,
    clear: () => {
      messages.length = 0;
    },
    stop: async () => {
      for (const wake of waiters) wake();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          inbox.closeAllConnections();
          inbox.close(() => resolve());
        }),
      ]);
    },
  };
}

async function handleInbox(
  req: IncomingMessage,
  res: ServerResponse,
  messages: ReceivedMail[],
  waiters: Set<() => void>,
) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname !== "/messages") {
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not found");
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const subject = url.searchParams.get("subject");
  const matches = (mail: ReceivedMail) =>
    (!to || mail.to.includes(to)) && (!subject || mail.subject.includes(subject));

  if (req.method === "DELETE") {
    const keep = messages.filter((mail) => !matches(mail));
    const deleted = messages.length - keep.length;
    messages.splice(0, messages.length, ...keep);
    sendJson(res, { deleted });
    return;
  }
  if (req.method !== "GET") {
    res.writeHead(405, { Allow: "GET, DELETE" });
    res.end();
    return;
  }
  const waitMs = Math.min(Number(url.searchParams.get("wait") ?? 0) || 0, 60_000);
  if (waitMs > 0 && !messages.some(matches)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      const wake = () => {
        if (messages.some(matches)) done();
      };
      const timer = setTimeout(done, waitMs);
      waiters.add(wake);
      res.once("close", done); // the client gave up
    });
  }
  sendJson(res, messages.filter(matches));
}

function sendJson(res: ServerResponse, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return [field]
    .flat()
    .flatMap((object) => object.value)
    .flatMap((entry) => [entry.address, ...(entry.group ?? []).map((member) => member.address)])
    .filter((address): address is string => Boolean(address))
    .map((address) => address.toLowerCase());
}

function extractLinks(content: string): string[] {
  const found = content.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/&amp;/g, "&").replace(/[).,;]+$/, "")))];
}

// ---- Used from test workers: the server itself runs in the global setup process. ----

type InboxQuery = { subject?: string };

/** Messages received so far for `to` (an address), oldest first. */
export async function fetchMail(to: string, query: InboxQuery = {}): Promise<ReceivedMail[]> {
  const response = await fetch(inboxQueryUrl(to, query));
  if (!response.ok) throw new Error(`smtp inbox: HTTP ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Waits until a message for `to` (optionally with `subject` in its subject) has arrived and returns the
 * newest one; throws after `timeout` ms. Sending is asynchronous in the app, so always wait, never read once.
 */
export async function waitForMail(
  to: string,
  { subject, timeout = 10_000 }: InboxQuery & { timeout?: number } = {},
): Promise<ReceivedMail> {
  const url = new URL(inboxQueryUrl(to, { subject }));
  url.searchParams.set("wait", String(timeout));
  const response = await fetch(url, { signal: AbortSignal.timeout(timeout + 5_000) });
  if (!response.ok) throw new Error(`smtp inbox: HTTP ${response.status}`);
  const mails = (await response.json()) as ReceivedMail[];
  const newest = mails.at(-1);
  if (!newest) {
    throw new Error(
      `no e-mail to ${to}${subject ? ` with subject containing "${subject}"` : ""} within ${timeout} ms`,
    );
  }
  return newest;
}

/** Deletes the messages for `to` (all messages when omitted). Returns how many were deleted. */
export async function clearMail(to?: string): Promise<number> {
  const url = new URL(inboxBaseUrl());
  if (to) url.searchParams.set("to", to);
  const response = await fetch(url, { method: "DELETE" });
  if (!response.ok) throw new Error(`smtp inbox: HTTP ${response.status}`);
  return ((await response.json()) as { deleted: number }).deleted;
}

function inboxQueryUrl(to: string, { subject }: InboxQuery): string {
  const url = new URL(inboxBaseUrl());
  url.searchParams.set("to", to);
  if (subject) url.searchParams.set("subject", subject);
  return url.href;
}

function inboxBaseUrl(): string {
  const value = process.env.E2E_SMTP_INBOX_URL;
  if (!value) throw new Error("E2E_SMTP_INBOX_URL is not set: is tests/e2e/global-setup.ts the globalSetup?");
  return value;
}
