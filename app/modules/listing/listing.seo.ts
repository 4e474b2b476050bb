import type { MetaDescriptor } from "react-router";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import { largestImageUrl } from "#app/modules/image/image.rules.ts";
import { absoluteUrl, SITE_NAME } from "#app/modules/seo/seo.rules.ts";
import {
  type AreaUnit,
  areaUnitCode,
  FURNISHING_LABELS,
  fromSquareMetres,
  RESO_PROPERTY_SUB_TYPES,
} from "./listing.details.ts";
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
export function listingDescription(listing: Listing, i18n: I18n) {
  const facts = [bedroomsLabel(listing.bedrooms, i18n), bathroomsLabel(listing.bathrooms, i18n)];
  if (listing.parking) facts.push(i18n.t("Parking Spot"));
  if (listing.furnished !== "unfurnished") facts.push(i18n.t(FURNISHING_LABELS[listing.furnished]));
  const text = i18n.t("{type}: {facts} in {location}. {price}.", {
    type: typeLabel(listing.type, i18n),
    facts: facts.join(", "),
    location: listing.location,
    price: formatPrice(listing, i18n),
  });
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
  i18n: I18n,
  { siteName = SITE_NAME, imageBase = "" }: { siteName?: string; imageBase?: string } = {},
): MetaDescriptor[] {
  const title = `${nameWithPrice(listing, i18n)} · ${siteName}`;
  const description = listingDescription(listing, i18n);
  const url = absoluteUrl(publicUrl, listingPath(listing));
  const image = coverImageUrl(listing, publicUrl, imageBase);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: nameWithPrice(listing, i18n) },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: nameWithPrice(listing, i18n) },
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

/**
 * schema.org RealEstateListing of a listing's page, with the home itself as its main entity (its floor size in
 * the site's `areaUnit`).
 */
export function listingJsonLd(
  listing: Listing,
  publicUrl: string,
  i18n: I18n,
  imageBase = "",
  areaUnit: AreaUnit = "m2",
) {
  const url = absoluteUrl(publicUrl, listingPath(listing));
  const price = effectivePrice(listing);
  const priceCurrency = i18n.currency;
  const amenities = [
    { name: i18n.t("Parking Spot"), value: listing.parking },
    { name: i18n.t("Furnished"), value: listing.furnished !== "unfurnished" },
  ];
  // "Now" starts when the lister last said so.
  const availabilityStarts =
    listing.type !== "rent" || listing.availableFrom == null
      ? null
      : listing.availableFrom === "now"
        ? new Date(listing.changedAt).toISOString().slice(0, 10)
        : listing.availableFrom;
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": url,
    url,
    name: listing.name,
    description: listing.description ?? listingDescription(listing, i18n),
    datePosted: new Date(listing.publishedAt).toISOString(),
    dateModified: new Date(listing.changedAt).toISOString(),
    image: listing.images.map((image) => absoluteUrl(publicUrl, largestImageUrl(image, imageBase))),
    offers: {
      "@type": "Offer",
      url,
      price,
      priceCurrency,
      // A let or sold home is no longer on offer; one hidden for want of confirmation neither.
      availability: `https://schema.org/${availability(listing)}`,
      businessFunction: `http://purl.org/goodrelations/v1#${listing.type === "rent" ? "LeaseOut" : "Sell"}`,
      ...(availabilityStarts ? { availabilityStarts } : {}),
      ...(listing.type === "rent"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price,
              priceCurrency,
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
      ...(listing.propertyType
        ? { accommodationCategory: RESO_PROPERTY_SUB_TYPES[listing.propertyType] }
        : {}),
      ...(listing.livingArea != null
        ? {
            floorSize: {
              "@type": "QuantitativeValue",
              value: Math.round(fromSquareMetres(listing.livingArea, areaUnit)),
              unitCode: areaUnitCode(areaUnit),
            },
          }
        : {}),
      ...(listing.rooms != null ? { numberOfRooms: listing.rooms } : {}),
      numberOfBedrooms: listing.bedrooms,
      numberOfBathroomsTotal: listing.bathrooms,
      ...(listing.yearBuilt != null ? { yearBuilt: listing.yearBuilt } : {}),
      ...(listing.pets
        ? { petsAllowed: listing.pets === "byArrangement" ? "By arrangement" : listing.pets === "allowed" }
        : {}),
      // A lister who hides the exact address has only a point near the home stored: no position to give.
      ...(listing.exactAddress
        ? {
            geo: {
              "@type": "GeoCoordinates",
              latitude: listing.geolocation.lat,
              longitude: listing.geolocation.lng,
            },
          }
        : {}),
      amenityFeature: amenities.map((amenity) => ({ "@type": "LocationFeatureSpecification", ...amenity })),
      // schema.org has no energy rating of its own: a named property, its value the class on the site's scale.
      ...(listing.energyRating
        ? {
            additionalProperty: [
              {
                "@type": "PropertyValue",
                propertyID: "energyRating",
                name: i18n.t("Energy rating"),
                value: listing.energyRating,
                ...(listing.energyUse != null
                  ? {
                      valueReference: {
                        "@type": "QuantitativeValue",
                        value: listing.energyUse,
                        unitText: "kWh/m²·year",
                      },
                    }
                  : {}),
              },
            ],
          }
        : {}),
    },
  };
}

function availability(listing: Pick<Listing, "status" | "expired">) {
  if (listing.status !== "available") return "SoldOut";
  return listing.expired ? "Discontinued" : "InStock";
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
