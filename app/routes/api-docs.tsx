import { Link } from "react-router";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { docsView } from "#app/modules/api/api.docs.ts";
import { openApiDocument } from "#app/modules/api/api.openapi.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api-docs.ts";

// The API's documentation, rendered on the server from its OpenAPI document (/api/v1/openapi.json): no
// Swagger UI bundle, the site's own styles, readable without JavaScript.

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("API documentation"), matches),
];

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return docsView(openApiDocument({ publicUrl: config.publicUrl, siteName: config.site.name }));
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-brand-soft text-accent",
  PUT: "bg-surface-2 text-ink",
  DELETE: "bg-surface-2 text-ink",
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { title, description, server, operations, schemas } = loaderData;
  const { t } = useI18n();
  return (
    <main className="page max-w-5xl">
      <h1 className="page-heading">{title}</h1>
      <p className="mb-3 max-w-prose">{description}</p>
      <p className="mb-2 text-sm text-muted">
        {t("Base address")}: <code className="break-all font-mono">{server}</code>
      </p>
      <p className="mb-8 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href="/api/v1/openapi.json" className="link">
          {t("OpenAPI 3.1 document (JSON)")}
        </a>
        <Link to="/profile" className="link">
          {t("Create an API key in your profile")}
        </Link>
      </p>
      <nav aria-labelledby="api-operations" className="card mb-8 p-4">
        <h2 id="api-operations" className="section-heading mb-2">
          {t("Endpoints")}
        </h2>
        <ul className="flex flex-col gap-1">
          {operations.map((operation) => (
            <li key={`${operation.method} ${operation.path}`}>
              <a href={`#${anchor(operation.method, operation.path)}`} className="link font-mono text-sm">
                {operation.method} {operation.path}
              </a>{" "}
              <span className="text-sm text-muted">{operation.summary}</span>
            </li>
          ))}
        </ul>
      </nav>
      {operations.map((operation) => (
        <section
          key={`${operation.method} ${operation.path}`}
          id={anchor(operation.method, operation.path)}
          aria-labelledby={`${anchor(operation.method, operation.path)}-heading`}
          className="card mb-6 flex flex-col gap-3 p-5"
        >
          <h2
            id={`${anchor(operation.method, operation.path)}-heading`}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold"
          >
            <span
              className={`rounded-md px-2 py-0.5 font-mono text-sm ${METHOD_STYLES[operation.method] ?? ""}`}
            >
              {operation.method}
            </span>
            <code className="break-all font-mono">{operation.path}</code>
          </h2>
          <p>
            {operation.summary}
            {operation.needsKey ? <span className="text-muted"> · {t("needs an API key")}</span> : null}
          </p>
          {operation.description ? <p className="text-sm text-muted">{operation.description}</p> : null}
          {operation.parameters.length > 0 ? (
            <DocTable
              caption={t("Parameters")}
              head={[t("Name"), t("In"), t("Type"), t("Description")]}
              rows={operation.parameters.map((parameter) => [
                parameter.name,
                parameter.in,
                parameter.type,
                parameter.description,
              ])}
            />
          ) : null}
          {operation.body ? (
            <p className="text-sm">
              {t("Request body")}:{" "}
              <a href={`#schema-${operation.body}`} className="link font-mono">
                {operation.body}
              </a>
            </p>
          ) : null}
          <DocTable
            caption={t("Answers")}
            head={[t("Status"), t("Description"), t("Body")]}
            rows={operation.responses.map((response) => [
              response.status,
              response.description,
              response.schema ?? "",
            ])}
          />
        </section>
      ))}
      <h2 className="section-heading mt-10 mb-4">{t("Schemas")}</h2>
      {schemas.map((schema) => (
        <section
          key={schema.name}
          id={`schema-${schema.name}`}
          aria-labelledby={`schema-${schema.name}-heading`}
          className="card mb-6 p-5"
        >
          <h3 id={`schema-${schema.name}-heading`} className="mb-3 font-mono text-lg font-semibold">
            {schema.name}
          </h3>
          <DocTable
            caption={t("Fields of {name}", { name: schema.name })}
            head={[t("Field"), t("Type"), t("Required")]}
            rows={schema.fields.map((field) => [
              field.name,
              field.description ? `${field.type} — ${field.description}` : field.type,
              field.required ? t("yes") : "",
            ])}
          />
        </section>
      ))}
    </main>
  );
}

function anchor(method: string, path: string) {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-$/, "");
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
function DocTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            {head.map((cell) => (
              <th key={cell} scope="col" className="py-2 pr-4 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join("|")} className="border-b border-line last:border-0 align-top">
              {row.map((cell, at) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns, never reordered
                  key={at}
                  className={at === 0 ? "py-2 pr-4 font-mono break-all" : "py-2 pr-4"}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
