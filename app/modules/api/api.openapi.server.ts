// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { SearchParamsSchema } from "#app/modules/search/search.schema.ts";
import {
  ApiErrorSchema,
  ApiListingSchema,
  ApiListingsPageSchema,
  ApiListingWriteSchema,
  ApiOpenHouseSchema,
  ApiOpenHousesSchema,
  ApiOwnListingSchema,
  ApiPutResultSchema,
} from "./api.schema.ts";

// The OpenAPI 3.1 document of /api/v1 (decision 065), made from the same Zod schemas the API answers and
// reads with (z.toJSONSchema: JSON Schema 2020-12, which OpenAPI 3.1 uses), and the search's own URL schema
// for the list's parameters. /api/v1/openapi.json serves it; /api/docs renders it.

const registry = z.registry<{ id: string }>();
registry.add(ApiListingSchema, { id: "Listing" });
registry.add(ApiOwnListingSchema, { id: "OwnListing" });
registry.add(ApiListingsPageSchema, { id: "ListingsPage" });
registry.add(ApiListingWriteSchema, { id: "ListingWrite" });
registry.add(ApiPutResultSchema, { id: "PutResult" });
registry.add(ApiOpenHouseSchema, { id: "OpenHouse" });
registry.add(ApiOpenHousesSchema, { id: "OpenHouses" });
registry.add(ApiErrorSchema, { id: "Error" });

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string) => ({
  description,
  content: { "application/json": { schema: ref(id) } },
});
const refusal = (description: string) => json("Error", description);
const LIMITED = {
  description: "Over the limit (per key, or per client address without one); wait Retry-After seconds",
  headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } },
  content: { "application/json": { schema: ref("Error") } },
};

/** The schemas, each with its own id, referring to each other. */
function componentSchemas() {
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  for (const schema of Object.values(schemas)) {
    delete (schema as Record<string, unknown>).$schema;
    delete (schema as Record<string, unknown>).$id;
  }
  return schemas;
}

/** The list's query parameters: the search page's (its schema), the cursor and the page size. */
function searchParameters() {
  const shape = z.toJSONSchema(SearchParamsSchema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  const parameters = Object.entries(shape.properties)
    .filter(([name]) => name !== "view")
    .map(([name, schema]) => ({
      name,
      in: "query",
      required: false,
      description: `As on /search?${name}=`,
      schema: { type: "string", ...stripDefaults(schema) },
    }));
  return [
    ...parameters,
    {
      name: "cursor",
      in: "query",
      required: false,
      description: "The `next` of the previous page",
      schema: { type: "string" },
    },
    {
      name: "limit",
      in: "query",
      required: false,
      description: "Listings per page, 1 to 50 (20 without it)",
      schema: { type: "integer", minimum: 1, maximum: 50 },
    },
  ];
}

function stripDefaults(schema: Record<string, unknown>) {
  const { default: _default, ...rest } = schema;
  return rest;
}

const BY_REF = {
  name: "ListingId",
  in: "path",
  required: true,
  description: "The lister's own reference (letters, digits, . _ -; at most 64)",
  schema: { type: "string", pattern: "^[A-Za-z0-9][\\w.-]{0,63}$" },
};

/** The whole document; `publicUrl` is the server it names. */
export function openApiDocument({ publicUrl, siteName }: { publicUrl: string; siteName: string }) {
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName} listings API`,
      version: "1.0.0",
      description:
        "Listings as JSON with RESO Data Dictionary field names. Reads are public; writes need an API key " +
        "(Profile or the agency workspace: API keys) sent as Authorization: Bearer <key>. Areas are in " +
        "square metres, prices in whole units of the site's currency, times in ISO 8601.",
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    components: {
      schemas: componentSchemas(),
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key (hs_...)" } },
    },
    paths: {
      "/listings": {
        get: {
          operationId: "listListings",
          summary: "Search listed listings, a page at a time",
          parameters: searchParameters(),
          responses: { "200": json("ListingsPage", "A page of listings"), "429": LIMITED },
        },
      },
      "/listings/{ListingKey}": {
        get: {
          operationId: "getListing",
          summary: "One listing, as a visitor sees it",
          parameters: [{ name: "ListingKey", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": json("Listing", "The listing"),
            "404": refusal("No such listing, or not public"),
            "429": LIMITED,
          },
        },
      },
      "/listings/{ListingKey}/open-houses": {
        get: {
          operationId: "listOpenHouses",
          summary: "A listing's open houses and bookable viewing times still to end, soonest first",
          description:
            "RESO OpenHouse fields. None while the home is let, sold or expired. Visitors book a time on the " +
            "listing's page (BookingURL).",
          parameters: [{ name: "ListingKey", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": json("OpenHouses", "The open houses"),
            "404": refusal("No such listing, or not public"),
            "429": LIMITED,
          },
        },
      },
      "/listings/by-ref/{ListingId}": {
        get: {
          operationId: "getOwnListing",
          summary: "Your listing by your reference",
          security: [{ apiKey: [] }],
          parameters: [BY_REF],
          responses: {
            "200": json("OwnListing", "Your listing"),
            "401": refusal("No key, or a revoked one"),
            "404": refusal("None of your listings has this reference"),
            "429": LIMITED,
          },
        },
        put: {
          operationId: "putListing",
          summary: "Create or replace your listing by your reference (idempotent)",
          description:
            "Checked as the listing form is. Photos are fetched once per URL; the same body sent again " +
            "changes nothing.",
          security: [{ apiKey: [] }],
          parameters: [BY_REF],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("ListingWrite") } },
          },
          responses: {
            "200": json("PutResult", "Replaced, or already so (result: unchanged)"),
            "201": json("PutResult", "Created"),
            "400": refusal("Refused: `fields` names each field and why"),
            "401": refusal("No key, or a revoked one"),
            "403": refusal("A read key, or not yours to write"),
            "429": LIMITED,
          },
        },
        delete: {
          operationId: "withdrawListing",
          summary: "Withdraw (delete) your listing by your reference",
          security: [{ apiKey: [] }],
          parameters: [BY_REF],
          responses: {
            "204": { description: "Withdrawn" },
            "401": refusal("No key, or a revoked one"),
            "403": refusal("A read key, or not yours to write"),
            "404": refusal("None of your listings has this reference"),
            "429": LIMITED,
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
