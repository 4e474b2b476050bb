import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES, RequestBodyError, readBody, readForm } from "./request-body.server.ts";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/profile", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** The status a refusal carries: readForm throws React Router's data(...), readBody a RequestBodyError. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    if (error instanceof RequestBodyError) return error.status;
    if (error && typeof error === "object" && "init" in error)
      return (error.init as ResponseInit | null)?.status;
    throw error;
  }
}

describe("readForm", () => {
  it("reads URL-encoded and multipart forms", async () => {
    const encoded = await readForm(post(new URLSearchParams({ intent: "update-name", name: "Zoë 😀" })));
    expect(encoded.get("name")).toBe("Zoë 😀");
    const multipart = new FormData();
    multipart.append("name", "Ann");
    expect((await readForm(post(multipart))).get("name")).toBe("Ann");
  });

  it("refuses what is not a form (415), an unreadable one (400) and one over the limit (413)", async () => {
    expect(await refusal(readForm(post('{"name":"x"}', { "content-type": "application/json" })))).toBe(415);
    expect(await refusal(readForm(post(new Uint8Array([1, 2, 3]))))).toBe(415);
    const garbage = post("garbage", { "content-type": "multipart/form-data; boundary=x" });
    expect(await refusal(readForm(garbage))).toBe(400);
    const big = new URLSearchParams({ name: "a".repeat(MAX_FORM_BYTES) });
    expect(await refusal(readForm(post(big)))).toBe(413);
  });
});

describe("readBody", () => {
  it("stops a chunked body as soon as it passes the limit, without a Content-Length to go by", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await refusal(readBody(post(endless), 10 * 1024))).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = post("small", { "content-length": String(MAX_FORM_BYTES + 1) });
    expect(await refusal(readBody(request, MAX_FORM_BYTES))).toBe(413);
  });
});
