import type { MetaDescriptor } from "react-router";
import { largestImageUrl } from "#app/modules/image/image.rules.ts";
import { absoluteUrl, SITE_NAME } from "#app/modules/seo/seo.rules.ts";
import type { Listing } from "./listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  effectivePrice,
  formatPrice,
  listingPath,
  nameWithPrice,
  typeLabel,
} from "./listing.rules.ts";

// What search engines and link previews read about a listing: title, description, Open Graph and Twitter
// tags, the canonical URL and schema.org JSON-LD. Built from the same display rules as the page itself.

const DESCRIPTION_MAX = 160;

/** One sentence for search results and previews: "For Rent: 2 Bedrooms, 1 Bathroom, Furnished in Paris. $1,500 / Month." */
export function listingDescription(listing: Listing) {
  const facts = [bedroomsLabel(listing.bedrooms), bathroomsLabel(listing.bathrooms)];
  if (listing.parking) facts.push("Parking Spot");
  if (listing.furnished) facts.push("Furnished");
  const text = `${typeLabel(listing.type)}: ${facts.join(", ")} in ${listing.location}. ${formatPrice(listing)}.`;
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * The cover photo's largest stored size as an absolute URL, or null for a listing without photos; from
 * IMAGE_BASE_URL (`imageBase`) when set, else from this site.
 */
export function coverImageUrl(listing: Pick<Listing, "images">, publicUrl: string, imageBase = "") {
  const cover = listing.images[0];
  return cover ? absoluteUrl(publicUrl, largestImageUrl(cover, imageBase)) : null;
}

/** Title, description, canonical link, Open Graph and Twitter card tags of a listing's page. */
export function listingMeta(
  listing: Listing,
  publicUrl: string,
  { siteName = SITE_NAME, imageBase = "" }: { siteName?: string; imageBase?: string } = {},
): MetaDescriptor[] {
  const title = `${nameWithPrice(listing)} · ${siteName}`;
  const description = listingDescription(listing);
  const url = absoluteUrl(publicUrl, listingPath(listing));
  const image = coverImageUrl(listing, publicUrl, imageBase);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: nameWithPrice(listing) },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: nameWithPrice(listing) },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:alt", content: listing.name },
      { name: "twitter:image", content: image },
      { name: "twitter:image:alt", content: listing.name },
    );
  }
  return tags;
}

/** schema.org RealEstateListing of a listing's page, with the home itself as its main entity. */
export function listingJsonLd(listing: Listing, publicUrl: string, imageBase = "") {
  const url = absoluteUrl(publicUrl, listingPath(listing));
  const price = effectivePrice(listing);
  const amenities = [
    { name: "Parking Spot", value: listing.parking },
    { name: "Furnished", value: listing.furnished },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": url,
    url,
    name: listing.name,
    description: listingDescription(listing),
    datePosted: new Date(listing.timestamp).toISOString(),
    image: listing.images.map((image) => absoluteUrl(publicUrl, largestImageUrl(image, imageBase))),
    offers: {
      "@type": "Offer",
      url,
      price,
      priceCurrency: "USD",
      businessFunction: `http://purl.org/goodrelations/v1#${listing.type === "rent" ? "LeaseOut" : "Sell"}`,
      ...(listing.type === "rent"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price,
              priceCurrency: "USD",
              unitCode: "MON",
              unitText: "month",
            },
          }
        : {}),
    },
    mainEntity: {
      "@type": "Accommodation",
      name: listing.name,
      address: listing.location,
      numberOfBedrooms: listing.bedrooms,
      numberOfBathroomsTotal: listing.bathrooms,
      geo: {
        "@type": "GeoCoordinates",
        latitude: listing.geolocation.lat,
        longitude: listing.geolocation.lng,
      },
      amenityFeature: amenities.map((amenity) => ({ "@type": "LocationFeatureSpecification", ...amenity })),
    },
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. "<", ">" and "&" become \u escapes so a listing
 * named "</script><script>…" cannot close the element and inject markup; U+2028/9 for old JSON parsers.
 */
export function serializeJsonLd(value: unknown) {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
