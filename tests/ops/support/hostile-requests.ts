import fc from "fast-check";
import {
  FORBIDDEN_CHARS,
  forgedId,
  huge,
  invalidText,
  type Labeled,
  labeled,
  MEGABYTE,
  text,
} from "./hostile-values.ts";
import { uploadMetadata } from "./tus-client.ts";

/** Whole requests, or their parts, that no page of this site sends: bodies, path segments, headers, JSON. */

/** A request body with its Content-Type (none when absent), as fetch takes it. */
export type RawBody = { body: BodyInit; contentType?: string; chunked?: boolean };

/** A stream of `size` bytes of "a=aaa...": sent chunked, with no Content-Length to refuse it by. */
function chunkedForm(size: number): RawBody {
  const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode("name="));
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
  return { body, contentType: "application/x-www-form-urlencoded", chunked: true };
}

const BOUNDARY = "----hostile";

/** Bodies a form action cannot use: not a form, a broken one, or too large (declared, or chunked). */
export const unusableBody: fc.Arbitrary<Labeled<() => RawBody>> = fc.constantFrom(
  labeled(() => ({ body: '{"email":"a@example.com","name":"x"}', contentType: "application/json" }), "json"),
  labeled(() => ({ body: "name=Ann", contentType: "text/plain" }), "text/plain"),
  labeled(() => ({ body: "<form><name>x</name></form>", contentType: "application/xml" }), "xml"),
  labeled(() => ({ body: new TextEncoder().encode("intent=update-name&name=x") }), "no content type"),
  labeled(() => ({ body: "x", contentType: "multipart/form-data" }), "multipart without boundary"),
  labeled(
    () => ({ body: "garbage", contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
    "multipart garbage",
  ),
  labeled(
    () => ({
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
    "multipart truncated",
  ),
  labeled(
    () => ({ body: "%zz=%E0%A4%A&%=%%&=", contentType: "application/x-www-form-urlencoded" }),
    "broken escapes",
  ),
  labeled(
    () => ({ body: `name=${"a".repeat(MEGABYTE)}`, contentType: "application/x-www-form-urlencoded" }),
    "1 MB form",
  ),
  labeled(() => chunkedForm(5 * MEGABYTE), "5 MB chunked form"),
  labeled(() => {
    const form = new FormData();
    form.append("name", new Blob([new Uint8Array(2 * MEGABYTE)]), "big.png");
    return { body: form };
  }, "2 MB file part"),
);

/**
 * A path segment naming nothing: a forged id percent-encoded (lone surrogates made well-formed first, as a
 * browser would), or a raw malformed escape that is not UTF-8 at all.
 */
export const hostileSegment: fc.Arbitrary<Labeled<string>> = fc.oneof(
  {
    arbitrary: forgedId
      .map(({ value, label }) => labeled(encodeURIComponent(value.toWellFormed()), label))
      // "", "." and ".." are not segments: the URL parser drops them and the request goes to another page.
      .filter(({ value }) => !["", ".", ".."].includes(value)),
    weight: 3,
  },
  {
    arbitrary: fc
      .constantFrom("%ED%A0%80", "%zz", "%", "%C0%AF", "%FF%FE", "..%2F..%2Fhomestead.sqlite")
      .map((raw) => labeled(raw, `raw ${raw}`)),
    weight: 1,
  },
);

/** A query value: like a segment, plus megabyte-free but long ones (the URL limit is a separate matter). */
export const hostileQuery: fc.Arbitrary<Labeled<string>> = fc.oneof(
  hostileSegment,
  fc.constantFrom("a".repeat(4000), "%00".repeat(100)).map((raw) => labeled(raw, `<${raw.length} chars>`)),
);

/** Cursors of Load More: garbage, and well-formed ones whose parts are out of range or hostile. */
export const hostileCursor: fc.Arbitrary<Labeled<string>> = fc.oneof(
  hostileQuery,
  fc
    .tuple(
      fc.constantFrom("-1", "99999999999999999999", "1e20", "NaN", "0", String(Date.now())),
      fc.constantFrom(
        "' OR 1=1 --",
        "\u0000",
        "../x",
        "a".repeat(70),
        "ffffffff-ffff-ffff-ffff-ffffffffffff",
      ),
    )
    .map(([timestamp, id]) => {
      const cursor = Buffer.from(`${timestamp}.${id}`).toString("base64url");
      return labeled(cursor, `cursor(${timestamp}.${JSON.stringify(id)})`);
    }),
);

/** JSON values of the wrong type for a string field. */
const wrongType = fc.constantFrom<unknown>(5, -1.5, true, null, [], {}, ["x"], { toString: "x" });

/** A name better-auth's API must refuse: broken text, a lone surrogate (JSON carries it), a wrong type. */
const invalidJsonName = fc.oneof(
  invalidText(1, 60).map((name) => name.value),
  text(3, 20, { loneSurrogates: true }).filter((name) => /\p{Cs}/u.test(name)),
  wrongType,
);
const invalidImage = fc.constantFrom<unknown>(
  "javascript:alert(1)",
  "http://example.com/a.png",
  "data:image/png;base64,AAAA",
  "//evil.example/a.png",
  `https://example.com/${"a".repeat(3000)}`,
  "https://ex\u0000ample.com/a.png",
  5,
  [],
);

/** Bodies for POST /api/auth/sign-up/email with at least one field the server must refuse. */
export function invalidSignUpJson(): fc.Arbitrary<Labeled<string>> {
  const email = fc.uuid().map((id) => `api-${id}@example.com`);
  const fields = fc.oneof(
    fc.record({ name: invalidJsonName, email, password: fc.constant("correct-horse-42") }),
    fc.record({
      name: fc.constant("Api User"),
      // A taken address is not refused: sign-up answers it as a new one (tests/ops/account-abuse.test.ts).
      email: fc.oneof(wrongType, fc.constant("a@")),
      password: fc.constant("correct-horse-42"),
    }),
    fc.record({
      name: fc.constant("Api User"),
      email,
      password: fc.oneof(fc.constant("short"), fc.constant("p".repeat(129)), wrongType),
    }),
    fc.record({
      name: fc.constant("Api User"),
      email,
      password: fc.constant("correct-horse-42"),
      image: invalidImage,
    }),
  );
  return fc.oneof(
    fc
      .tuple(
        fields,
        fc.dictionary(fc.constantFrom("emailVerified", "id", "role", "createdAt", "__proto__"), wrongType, {
          maxKeys: 2,
        }),
      )
      .map(([body, extra]) => labeled(JSON.stringify({ ...extra, ...body }))),
    fc.constantFrom("{", "[]", "null", '"x"', "", '{"name":"a\\u0000"}').map((raw) => labeled(raw)),
    huge().map(({ value, label }) =>
      labeled(JSON.stringify({ name: value, email: "big@example.com", password: "correct-horse-42" }), label),
    ),
  );
}

/** Bodies for POST /api/auth/update-user that must change nothing: a broken name or picture, or nothing. */
export const invalidUpdateUserJson: fc.Arbitrary<Labeled<string>> = fc.oneof(
  fc.record({ name: invalidJsonName }).map((body) => labeled(JSON.stringify(body))),
  fc.record({ image: invalidImage }).map((body) => labeled(JSON.stringify(body))),
  fc
    .constantFrom("{}", '{"email":"x@example.com"}', '{"emailVerified":true}', "{", "[]")
    .map((raw) => labeled(raw)),
  huge().map(({ value, label }) => labeled(JSON.stringify({ name: value }), label)),
);

/** Upload-Length values tus must refuse (0 is a valid length, but no 0-byte file is a photo). */
const hostileLength = fc.constantFrom(
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "NaN",
  "+100",
  "1,000",
  "99999999999999999999999",
  String(16 * MEGABYTE),
  "0",
);

/** Upload-Metadata a browser never sends: paths, NUL, controls, 300 characters, broken encodings. */
const hostileMetadata = fc.oneof(
  fc
    .constantFrom(
      "../../etc/passwd",
      "..\\..\\x.png",
      "/abs/photo.png",
      "C:\\photos\\x.png",
      "x".repeat(300),
      ...FORBIDDEN_CHARS.map((char) => `ho${char}use.png`),
    )
    .map((filename) =>
      labeled(
        uploadMetadata({ filename, filetype: "image/png" }),
        `filename=${JSON.stringify(filename.slice(0, 40))}`,
      ),
    ),
  fc
    .constantFrom(
      "filename !!!notbase64",
      "filename YQ",
      "filename YWJj,filename YWJj",
      "filename  YQ==",
      "fïlename YQ==",
      ",",
    )
    .map((raw) => labeled(raw)),
);

/** Creation headers with at least one hostile one: length, metadata, or a deferred length. */
export const hostileCreation: fc.Arbitrary<Labeled<Record<string, string>>> = fc.oneof(
  fc
    .tuple(hostileLength, fc.option(hostileMetadata, { nil: undefined }))
    .map(([length, metadata]) =>
      labeled<Record<string, string>>(
        { "Upload-Length": length, ...(metadata ? { "Upload-Metadata": metadata.value } : {}) },
        `length=${length} ${metadata?.label ?? ""}`,
      ),
    ),
  hostileMetadata.map((metadata) =>
    labeled<Record<string, string>>(
      { "Upload-Length": "100", "Upload-Metadata": metadata.value },
      metadata.label,
    ),
  ),
  fc.constant(labeled<Record<string, string>>({ "Upload-Defer-Length": "1" }, "deferred length")),
);

/** Files named like photos that are not acceptable ones; `fixture` ones come from tests/fixtures. */
export const BAD_FILES = [
  { name: "photo.png", fixture: "not-an-image.jpg", refusal: /not a readable image/ },
  { name: "bomb.png", fixture: "bomb-20000x20000.png", refusal: /too many pixels/ },
  { name: "truncated.jpg", fixture: "truncated.jpg", refusal: /not a readable image/ },
  {
    name: "animation.png",
    fixture: "animation.gif",
    refusal: /Only \.jpg, \.jpeg and \.png images are accepted/,
  },
  { name: "photo.jpeg", fixture: "photo.webp", refusal: /Only \.jpg, \.jpeg and \.png images are accepted/ },
  { name: "random.png", bytes: 4096, refusal: /not a readable image/ },
] as const;
