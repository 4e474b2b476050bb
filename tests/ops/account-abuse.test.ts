import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import type { AppServer } from "#tests/support/app-server.ts";
import { type Answer, cookieHeader, postForm, send } from "#tests/support/http.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer, waitFor } from "./ops-support.ts";

/**
 * Accounts under attack on the production server: failed sign-ins are counted per account as well as per
 * client address (LIMIT_SIGN_IN_FAILURES, 10 in 15 minutes), every 429 of the auth API says Retry-After, and
 * sign-up answers an address that has an account exactly as a new one (the owner is e-mailed instead).
 */
const defer = cleanupAfterAll();
const json = (server: AppServer) => ({ "content-type": "application/json", origin: server.url });

describe.skipIf(SKIP_REASON)("accounts under attack", () => {
  let smtp: SmtpPeer;
  let server: AppServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The per-client limit is high (OPS_ENV), as if every guess came from another address.
    server = await startOpsServer(defer, { SMTP_URL: smtp.url });
  }, 90_000);
  afterAll(() => smtp?.stop());

  const mailsTo = (email: string, subject: string) =>
    smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.includes(subject));

  it("locks an account after 10 failed sign-ins (the right password too), e-mails its owner once", async () => {
    const victim = newAccount("Vic Victim");
    await postSignUp(server.url, victim);
    const bystander = newAccount("Bea Bystander");
    await postSignUp(server.url, bystander);
    const wrong = { email: victim.email.toUpperCase(), password: "wrong-password-1" };
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await postForm(`${server.url}/sign-in`, wrong);
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    const right = { email: victim.email, password: victim.password };
    const form = await postForm(`${server.url}/sign-in`, right);
    expectLocked(form);
    expect(form.body).toContain("Too many failed sign-ins for this account");
    expect(form.setCookies.some((cookie) => cookie.includes("session_token="))).toBe(false);
    const api = await send(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: json(server),
      body: JSON.stringify(right),
    });
    expectLocked(api);
    expect(JSON.parse(api.body)).toMatchObject({ code: "TOO_MANY_FAILED_SIGN_INS" });
    // Other accounts sign in as usual.
    const other = await postForm(`${server.url}/sign-in`, bystander);
    expect(other.status).toBe(302);

    await waitFor("the owner's alert", async () => mailsTo(victim.email, "trying to sign in").length > 0);
    const [alert] = mailsTo(victim.email, "Someone is trying to sign in to your account");
    expect(alert?.links).toContain(`${server.url}/forgot-password`);
    // More failures in the window bring no second alert.
    await postForm(`${server.url}/sign-in`, wrong);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(victim.email, "trying to sign in")).toHaveLength(1);
  });

  it("answers an address that has an account exactly as a new one, and e-mails its owner", async () => {
    const owner = newAccount("Olga Owner");
    await postSignUp(server.url, owner);
    await waitFor("the owner's own link", async () => mailsTo(owner.email, "Verify your e-mail").length > 0);
    const taken = { name: "Mallory Probe", email: owner.email, password: "probe-password-1" };
    const fresh = { ...taken, email: newAccount().email };

    // The form: the same redirect to "Check your inbox", no session either way.
    const [takenForm, freshForm] = [
      await postForm(`${server.url}/sign-up`, taken),
      await postForm(`${server.url}/sign-up`, fresh),
    ];
    for (const answer of [takenForm, freshForm]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/verify-email?redirectTo=%2F");
      expect(answer.setCookies.map((cookie) => cookie.split("=")[0])).toEqual(["pending-sign-up"]);
    }
    // "Check your inbox" names the address typed, for either.
    for (const [answer, email] of [
      [takenForm, taken.email],
      [freshForm, fresh.email],
    ] as const) {
      const page = await send(`${server.url}/verify-email?redirectTo=%2F`, { cookie: cookieHeader(answer) });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Check your inbox");
      expect(page.body).toContain(email);
    }

    // The JSON API: the same status and the same shape of body.
    const api = async (body: object) =>
      send(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: json(server),
        body: JSON.stringify(body),
      });
    const [takenApi, freshApi] = [
      await api({ ...taken, email: owner.email.toUpperCase() }),
      await api({ ...taken, email: newAccount().email }),
    ];
    expect(takenApi.body).not.toMatch(/ALREADY_EXISTS/i);
    expect(takenApi.status).toBe(freshApi.status);
    expect(shape(takenApi)).toEqual(shape(freshApi));
    expect(takenApi.setCookies).toEqual(freshApi.setCookies);

    // The owner learns of it; the new address gets its link.
    await waitFor(
      "the owner's notice",
      async () => mailsTo(owner.email, "sign up with your address").length > 0,
    );
    const [notice] = mailsTo(owner.email, "Someone tried to sign up with your address");
    expect(notice?.links).toEqual(
      expect.arrayContaining([`${server.url}/sign-in`, `${server.url}/forgot-password`]),
    );
    await waitFor(
      "the new address's link",
      async () => mailsTo(fresh.email, "Verify your e-mail").length > 0,
    );
    expect(mailsTo(owner.email, "Verify your e-mail")).toHaveLength(1); // their own, from their sign-up
  });

  it("gives every 429 of the auth API a Retry-After", async () => {
    const limited = await startOpsServer(defer, { AUTH_RATE_LIMIT_MAX: "2", SMTP_URL: smtp.url });
    const ask = () =>
      send(`${limited.url}/api/auth/request-password-reset`, {
        method: "POST",
        headers: json(limited),
        body: JSON.stringify({ email: newAccount().email, redirectTo: "/reset-password" }),
      });
    const answers: Answer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await ask());
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(Number(answers[2]?.retryAfter)).toBeGreaterThan(0);
  });
});

function expectLocked(answer: Answer) {
  expect(answer.status).toBe(429);
  // The lock lasts the window (15 minutes) from the oldest counted failure.
  expect(Number(answer.retryAfter)).toBeGreaterThan(14 * 60);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(15 * 60);
}

/** A sign-up answer's body with what differs per request (the id, the times, the name) reduced to its type. */
function shape(answer: Answer) {
  const body = JSON.parse(answer.body) as { user?: Record<string, unknown> };
  const varying = new Set(["id", "name", "email", "createdAt", "updatedAt"]);
  const user = Object.entries(body.user ?? {}).map(([key, value]) => [
    key,
    varying.has(key) ? typeof value : value,
  ]);
  return { ...body, user: Object.fromEntries(user) };
}
