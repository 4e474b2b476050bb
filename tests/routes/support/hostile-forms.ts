import fc from "fast-check";
import {
  extraFields,
  filePart,
  forgedId,
  huge,
  invalidBoolean,
  invalidText,
  invalidWholeNumber,
  type Labeled,
  labeled,
  text,
} from "#tests/ops/support/hostile-values.ts";
import type { FormEntries, FormValue } from "#tests/support/http.ts";

/**
 * Forms that break at least one rule of SPEC.md section 5 (or of the auth forms), and may carry fields no form
 * has. Every field is either valid or broken; at least one is broken, so the server must refuse every one of
 * them and write nothing. Valid values include emoji and right-to-left text: those are not the reason.
 */
export type HostileForm = Labeled<FormEntries>;

type Field = {
  valid: fc.Arbitrary<string>;
  invalid: fc.Arbitrary<Labeled<FormValue>>;
  /** Whether leaving the field out is a refusal too. */
  required: boolean;
};

const MISSING = labeled(undefined, "<missing>");

/** A hostile form and the names of the fields it broke. */
type BrokenForm = HostileForm & { broken: readonly string[] };

/** A form of `fields` with at least `minBroken` of them broken, then `fixed` entries and some extra fields. */
function brokenForm(
  fields: Record<string, Field>,
  fixed: [string, string][] = [],
  minBroken = 1,
): fc.Arbitrary<BrokenForm> {
  const names = Object.keys(fields);
  return fc
    .subarray(names, { minLength: minBroken })
    .chain((broken) => {
      const values: Record<string, fc.Arbitrary<Labeled<FormValue | undefined>>> = {};
      for (const name of names) {
        const field = fields[name]!;
        values[name] = broken.includes(name)
          ? fc.oneof(field.invalid, filePart, ...(field.required ? [fc.constant(MISSING)] : []))
          : field.valid.map((value) => labeled(value));
      }
      return fc.tuple(fc.constant(broken), fc.record(values), extraFields);
    })
    .map(([broken, values, extras]) => {
      const entries: [string, FormValue][] = [...fixed];
      for (const [name, { value }] of Object.entries(values))
        if (value !== undefined) entries.push([name, value]);
      entries.push(...extras.value);
      const label = broken.map((name) => `${name}=${values[name]!.label}`).join(" ");
      const form = labeled<FormEntries>(entries, extras.value.length ? `${label} +${extras.label}` : label);
      return Object.assign(form, { broken });
    });
}

const validName = fc.constantFrom("Ada Lovelace", "Zoë Ünal 😀", "שרה כהן", "Ада Лавлейс");
const email = fc.uuid().map((id) => `hostile-${id}@example.com`);
const invalidEmail = fc.oneof(
  fc
    .constantFrom(
      "",
      "not-an-email",
      "a@",
      "@example.com",
      "a@b",
      "a b@example.com",
      "a@@example.com",
      "x@example.com\u0000",
      "a\u202e@example.com",
      "<script>@example.com",
      "a@example.com\u0000.evil",
    )
    .map((value) => labeled<FormValue>(value)),
  huge(300),
);
const shortPassword = text(0, 7)
  .filter((value) => value.length < 8)
  .map((value) => labeled<FormValue>(value));
const longPassword = fc.oneof(
  text(129, 200).map((value) => labeled<FormValue>(value)),
  huge(),
);

/** Sign-up forms; a valid e-mail is new on every run, so an account created by mistake shows as a new row. */
export function invalidSignUp(): fc.Arbitrary<HostileForm> {
  return brokenForm({
    name: { valid: validName, invalid: invalidText(1, 60), required: true },
    email: {
      valid: email,
      // A taken address is not refused: sign-up answers it as a new one (tests/ops/account-abuse.test.ts).
      invalid: invalidEmail,
      required: true,
    },
    password: {
      valid: fc.constant("correct-horse-42"),
      invalid: fc.oneof(shortPassword, longPassword),
      required: true,
    },
  });
}

/** Sign-in attempts that can never succeed: the password is never the account's, or a field is broken. */
export function invalidSignIn(knownEmail: string): fc.Arbitrary<HostileForm> {
  return brokenForm(
    {
      email: { valid: fc.oneof(email, fc.constant(knownEmail)), invalid: invalidEmail, required: true },
      password: {
        valid: text(8, 40).filter((value) => value !== "correct-horse-42"),
        invalid: fc.oneof(shortPassword, longPassword),
        required: true,
      },
    },
    [],
    0,
  );
}

/** Password-reset requests for what is not an e-mail address. */
export function invalidForgotPassword(): fc.Arbitrary<HostileForm> {
  return brokenForm({ email: { valid: email, invalid: invalidEmail, required: true } });
}

/** New passwords with a token that is not one: forged, malformed, huge, missing. */
export function invalidResetPassword(): fc.Arbitrary<HostileForm> {
  return fc
    .tuple(
      fc.oneof(
        forgedId,
        text(20, 30).map((value) => labeled(value)),
        huge(),
      ),
      fc.oneof(text(0, 40), fc.constant("")),
    )
    .map(([token, password]) =>
      labeled<FormEntries>(
        [
          ["token", token.value],
          ["password", password],
        ],
        `token=${token.label} password=${JSON.stringify(password)}`,
      ),
    );
}

/** The profile's "change name" with a name no one may have. */
export function invalidNameChange(): fc.Arbitrary<HostileForm> {
  return brokenForm({ name: { valid: validName, invalid: invalidText(1, 60), required: true } }, [
    ["intent", "update-name"],
  ]);
}

/** Photos of the listing forms: the user's own, someone else's, and ids that name nothing. */
export type ImageIds = { own: string; othersPending: string; othersListed: string };

function invalidImageIds(ids: ImageIds): fc.Arbitrary<Labeled<FormValue[]>> {
  const many = fc
    .array(fc.uuid(), { minLength: 6, maxLength: 12 })
    .map((extra) => labeled<FormValue[]>([ids.own, ...extra], `<${extra.length + 1} ids: own + random>`));
  const forged = fc.array(forgedId, { minLength: 1, maxLength: 3 }).map((list) =>
    labeled<FormValue[]>(
      list.map((id) => id.value),
      `[${list.map((id) => id.label).join(", ")}]`,
    ),
  );
  return fc.oneof(
    many,
    forged,
    fc.constantFrom(
      labeled<FormValue[]>([], "<none>"),
      labeled<FormValue[]>([ids.own, ids.own], "<own twice>"),
      labeled<FormValue[]>([ids.othersPending], "<another user's upload>"),
      labeled<FormValue[]>([ids.othersListed], "<a photo of another user's listing>"),
      labeled<FormValue[]>([ids.own, ids.othersPending], "<own + another user's>"),
    ),
    filePart.map((part) => labeled<FormValue[]>([part.value], part.label)),
  );
}

const PRICE = { min: 50, max: 750_000_000 };

/**
 * Create/edit listing forms with one or more broken fields. A broken discounted price comes with the offer on
 * (without an offer it is only compared with the regular price); `ownImage` is a photo the form may use.
 */
export function invalidListingForm(ids: ImageIds): fc.Arbitrary<HostileForm> {
  const regular = fc.constantFrom("1500", "51", "750000000");
  const fields: Record<string, Field> = {
    type: {
      valid: fc.constantFrom("rent", "sale"),
      invalid: fc
        .oneof(fc.constantFrom("", "RENT", "buy", "rent ", "sale\u0000", "0"), text(1, 12))
        .filter((value) => value !== "rent" && value !== "sale")
        .map((value) => labeled<FormValue>(value)),
      required: true,
    },
    name: {
      valid: fc.constantFrom(
        "Sunny flat by the park",
        "Villa 🏠 with a pool",
        "Maison près du Rhône",
        "דירה יפה ליד הים",
      ),
      invalid: invalidText(10, 32),
      required: true,
    },
    bedrooms: { valid: fc.constantFrom("1", "3", "50"), invalid: invalidWholeNumber(1, 50), required: true },
    bathrooms: { valid: fc.constantFrom("1", "2", "50"), invalid: invalidWholeNumber(1, 50), required: true },
    parking: { valid: fc.constantFrom("true", "false"), invalid: invalidBoolean, required: true },
    furnished: {
      valid: fc.constantFrom("unfurnished", "partly", "furnished", "true", "false"),
      invalid: invalidBoolean,
      required: true,
    },
    description: {
      valid: fc.constantFrom(
        "A bright flat by the park, with a balcony and a renewed kitchen.",
        "Une maison près du Rhône.\n\nAvec un jardin et une <b>terrasse</b>.",
      ),
      invalid: fc
        .constantFrom("", "Too short", "x".repeat(5001), "A long enough description with a NUL \u0000 in it")
        .map((value) => labeled<FormValue>(value)),
      required: true,
    },
    propertyType: {
      valid: fc.constantFrom("flat", "house", "studio"),
      invalid: fc.constantFrom("", "castle", "FLAT", "flat ").map((value) => labeled<FormValue>(value)),
      required: true,
    },
    livingArea: {
      valid: fc.constantFrom("72", "1250.5"),
      invalid: fc.constantFrom("0", "-5", "big", "1e12").map((value) => labeled<FormValue>(value)),
      required: true,
    },
    tourUrl: {
      valid: fc.constantFrom(
        "",
        "https://youtu.be/dQw4w9WgXcQ",
        "https://my.matterport.com/show/?m=SxQL3iGyoDo",
      ),
      invalid: fc
        .constantFrom(
          "https://evil.example/watch?v=dQw4w9WgXcQ",
          "http://youtu.be/dQw4w9WgXcQ",
          "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
        )
        .map((value) => labeled<FormValue>(value)),
      required: false,
    },
    energyRating: {
      valid: fc.constantFrom("", "A", "G"),
      invalid: fc
        .constantFrom("A+", "B2", "H", "Z", "a", "A ", "A\u0000")
        .map((value) => labeled<FormValue>(value)),
      required: false,
    },
    energyUse: {
      valid: fc.constantFrom("", "0", "72.5"),
      invalid: fc.constantFrom("-1", "2001", "lots", "NaN").map((value) => labeled<FormValue>(value)),
      required: false,
    },
    energyValidUntil: {
      valid: fc.constantFrom("", "2031-02-28"),
      invalid: fc
        .constantFrom("2031-02-30", "tomorrow", "31.12.2030")
        .map((value) => labeled<FormValue>(value)),
      required: false,
    },
    address: {
      valid: fc.constantFrom("12 Rue de Rivoli, Paris", "Straße des 17. Juni 1, Berlin", "東京都千代田区1-1"),
      invalid: invalidText(1, 300),
      required: true,
    },
    offer: { valid: fc.constant("false"), invalid: invalidBoolean, required: true },
    regularPrice: { valid: regular, invalid: invalidWholeNumber(PRICE.min, PRICE.max), required: true },
    discountedPrice: {
      valid: fc.constant("50"),
      invalid: fc.oneof(
        invalidWholeNumber(PRICE.min, PRICE.max),
        fc.constant(labeled<FormValue>("750000000", "<not below the regular price>")),
      ),
      required: true,
    },
  };
  // Either the photos are broken (and maybe other fields too), or at least one other field is.
  return fc.oneof(
    fc
      .tuple(brokenForm(fields, [], 0), invalidImageIds(ids))
      .map(([form, images]) => withImages(form, images)),
    brokenForm(fields).map((form) => withImages(form, labeled<FormValue[]>([ids.own], "<own>"))),
  );
}

/**
 * The listing form's photo entries, and the offer turned on when the discounted price is broken: without an
 * offer a discounted price is only compared with the regular price, and "50" or "-5" would pass. A discounted
 * price that is not broken is left out.
 */
function withImages(form: BrokenForm, images: Labeled<FormValue[]>): HostileForm {
  const brokenDiscount = form.broken.includes("discountedPrice");
  const entries = form.value
    .filter(([name]) => name !== "discountedPrice" || brokenDiscount)
    .map(([name, value]): [string, FormValue] =>
      name === "offer" && brokenDiscount && !form.broken.includes("offer") ? [name, "true"] : [name, value],
    );
  for (const id of images.value) entries.push(["imageIds", id]);
  const label = [form.label, images.label === "<own>" ? "" : `imageIds=${images.label}`].filter(Boolean);
  return labeled<FormEntries>(entries, label.join(" "));
}

/**
 * Create an agency (and its settings) with at least one of its required fields broken, or a logo that is no
 * upload of the user's. The about text is broken only by being blank (its lines may hold what a one-line field
 * may not); the optional phone and registration number stay valid.
 */
export function invalidAgencyForm(fixed: [string, string][] = []): fc.Arbitrary<HostileForm> {
  return brokenForm(
    {
      name: {
        valid: fc.constantFrom("Harbour Homes", "Zoë's Homes 😀", "בית ים"),
        invalid: invalidText(1, 80),
        required: true,
      },
      about: {
        valid: fc.constant("Flats by the harbour.\nSince 1990."),
        invalid: fc.constantFrom("", "   ", "\n\n").map((value) => labeled<FormValue>(value)),
        required: true,
      },
      officeAddress: {
        valid: fc.constant("12 Rue de Rivoli, Paris"),
        invalid: invalidText(1, 200),
        required: true,
      },
      legalName: { valid: fc.constant("Harbour Homes SARL"), invalid: invalidText(1, 120), required: true },
      contactEmail: { valid: email, invalid: invalidEmail, required: true },
      // A blank id is no new logo (the current one stays): only a non-blank forged one is refused.
      logoImageId: {
        valid: fc.constant(""),
        invalid: forgedId.filter((id) => id.value.trim() !== ""),
        required: false,
      },
    },
    [["phone", "+33 1 23 45 67 89"], ...fixed],
  );
}
