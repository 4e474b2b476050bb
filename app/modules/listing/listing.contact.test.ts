import { describe, expect, it } from "vitest";
import { contactPath, landlordMailtoHref } from "./listing.contact.ts";

describe("contact links", () => {
  it("links to /contact/{owner id}?listingName={name}&listingId={id}, the name percent-encoded", () => {
    expect(contactPath({ id: "l1", userRef: "u1", name: "Flat & garden #2" })).toBe(
      "/contact/u1?listingName=Flat%20%26%20garden%20%232&listingId=l1",
    );
  });

  it("builds a mailto whose subject and body survive &, ?, #, + and line breaks", () => {
    const href = landlordMailtoHref("owner@example.com", "Flat & garden?", "Hi! Is it free?\nCall +1 555 #4");
    expect(href).toBe(
      "mailto:owner@example.com?subject=Flat%20%26%20garden%3F&body=Hi!%20Is%20it%20free%3F%0ACall%20%2B1%20555%20%234",
    );
    const url = new URL(href);
    expect(url.pathname).toBe("owner@example.com");
    expect(url.searchParams.get("subject")).toBe("Flat & garden?");
    expect(url.searchParams.get("body")).toBe("Hi! Is it free?\nCall +1 555 #4");
  });
});
