import { useNonce } from "#app/components/nonce.tsx";
import { serializeJsonLd } from "#app/modules/listing/listing.seo.ts";

/** schema.org data for search engines, in a JSON-LD script that carries the page's CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser keeps the nonce out of the DOM, so the client's "" never matches the server's value.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw text; serializeJsonLd escapes "<", ">" and "&".
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
