import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES } from "#app/http/request-body.server.ts";
import { checkAuthRequest } from "./auth.request-guard.server.ts";

const json = (body: string, path = "/api/auth/sign-up/email") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
  });

async function refusal(request: Request) {
  const checked = await checkAuthRequest(request);
  return checked instanceof Response ? { status: checked.status, body: await checked.json() } : null;
}

describe("checkAuthRequest", () => {
  it("closes the organization plugin's endpoints (the agency pages call it in-process)", async () => {
    for (const path of [
      "/api/auth/organization/create",
      "/api/auth/organization/invite-member",
      "/api/auth/organization/accept-invitation",
      "/api/auth//organization/update-member-role",
      "/api/auth/%6Frganization/remove-member",
      "/api/auth/ORGANIZATION/update",
    ]) {
      expect(await refusal(json("{}", path)), path).toMatchObject({ status: 404 });
    }
    expect(await checkAuthRequest(json("{}", "/api/auth/organizations-elsewhere"))).toBeInstanceOf(Request);
  });

  it("passes a request on with its body intact", async () => {
    const checked = await checkAuthRequest(json('{"name":"Zoë 😀","email":"a@example.com"}'));
    expect(checked).toBeInstanceOf(Request);
    expect(await (checked as Request).json()).toEqual({ name: "Zoë 😀", email: "a@example.com" });
  });

  it("refuses a NUL anywhere better-auth would decode one: JSON, form, query, path", async () => {
    expect(await refusal(json('{"name":"a\\u0000b"}'))).toMatchObject({ status: 400 });
    expect(await refusal(json('{"nested":[{"\\u0000":1}]}'))).toMatchObject({ status: 400 });
    const form = new Request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      body: "email=a%00b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await refusal(form)).toMatchObject({ status: 400 });
    expect(await refusal(new Request("http://localhost/api/auth/verify-email?token=%00"))).toMatchObject({
      status: 400,
    });
    expect(await refusal(new Request("http://localhost/api/auth/reset-password/%00"))).toMatchObject({
      status: 400,
    });
  });

  it("refuses a body over the limit with better-auth's error shape", async () => {
    const refused = await refusal(json(JSON.stringify({ name: "a".repeat(MAX_FORM_BYTES) })));
    expect(refused).toEqual({
      status: 413,
      body: { message: "This request is too large.", code: "PAYLOAD_TOO_LARGE" },
    });
  });
});
