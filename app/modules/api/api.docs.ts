import type { OpenApiDocument } from "./api.openapi.server.ts";

// What /api/docs shows of the OpenAPI document: each operation with its parameters and answers, and each
// schema's fields with their types. Read from the document itself, so the page cannot say anything else.

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
};

/** A schema's type in a few words: "integer", "string (date-time)", "one of Active, Closed", "Listing[]". */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").at(-1) ?? "object";
  if (schema.anyOf) {
    const parts = schema.anyOf.map(typeText);
    return parts.filter((part) => part !== "null").join(" | ") + (parts.includes("null") ? " or null" : "");
  }
  if (schema.enum) return `one of ${schema.enum.map(String).join(", ")}`;
  if (schema.type === "array") return `${typeText(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

export type DocOperation = {
  method: string;
  path: string;
  summary: string;
  description: string | null;
  needsKey: boolean;
  parameters: { name: string; in: string; type: string; description: string }[];
  body: string | null;
  responses: { status: string; description: string; schema: string | null }[];
};

export type DocSchema = {
  name: string;
  fields: { name: string; type: string; required: boolean; description: string }[];
};

/** The document as the page lists it. */
export function docsView(document: OpenApiDocument) {
  const operations: DocOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, Record<string, unknown>][]) {
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        description?: string;
        schema?: JsonSchema;
      }[];
      const body = (operation.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content["application/json"]?.schema;
      const responses = Object.entries(
        operation.responses as Record<
          string,
          { description: string; content?: Record<string, { schema: JsonSchema }> }
        >,
      );
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ""),
        description: typeof operation.description === "string" ? operation.description : null,
        needsKey: Array.isArray(operation.security),
        parameters: parameters.map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          type: typeText(parameter.schema),
          description: parameter.description ?? "",
        })),
        body: body ? typeText(body) : null,
        responses: responses.map(([status, response]) => ({
          status,
          description: response.description,
          schema: response.content ? typeText(response.content["application/json"]?.schema) : null,
        })),
      });
    }
  }
  const schemas: DocSchema[] = Object.entries(document.components.schemas as Record<string, JsonSchema>).map(
    ([name, schema]) => ({
      name,
      fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
        name: field,
        type: typeText(property),
        required: schema.required?.includes(field) ?? false,
        description: property.description ?? "",
      })),
    }),
  );
  return {
    title: document.info.title,
    description: document.info.description,
    server: document.servers[0]!.url,
    operations,
    schemas,
  };
}
