import { csvTemplateWithExample } from "#app/modules/exchange/exchange.csv.ts";

// /agency/import/template.csv: the CSV template to fill in (docs/exchange.md): the header row and one example
// listing. The same for everyone, so anyone may download it.

export function loader() {
  return new Response(`\uFEFF${csvTemplateWithExample()}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="listings-template.csv"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
