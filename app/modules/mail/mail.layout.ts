import { createElement as h, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { I18n } from "#app/modules/i18n/i18n.ts";

// Every e-mail's HTML is React components rendered on the server, so every text in it is escaped by React and
// every e-mail shares one layout: a header bar with the site's name, an optional heading, then the body. The
// components are written with createElement, not JSX: plain Node imports them too (`npm run seed`, the alert
// job in tests/ops), and Node strips types from .ts files but compiles no JSX (decision 053).
// Styles are inline: many mail clients drop <style> elements and classes.

/** What every e-mail is written with: LOCALE's words and formats, SITE_NAME, and PUBLIC_URL for its links. */
export type MailContext = { i18n: I18n; siteName: string; publicUrl: string };

/** The brand's green: the header bar, buttons and main links. */
export const BRAND = "#047857";
/** Secondary text: intros, facts, the unsubscribe line. */
export const MUTED = "#4b5563";

/** The page every e-mail shares: the site's name in a header bar, `heading` (if any), then `children`. */
export function MailLayout({
  ctx,
  heading,
  children,
}: {
  ctx: MailContext;
  heading?: string;
  children?: ReactNode;
}) {
  const presentation = { role: "presentation", width: "100%", cellPadding: 0, cellSpacing: 0 };
  return h(
    "html",
    { lang: ctx.i18n.language },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width" }),
    ),
    h(
      "body",
      {
        style: {
          margin: 0,
          padding: 0,
          background: "#f3f4f6",
          fontFamily: "Arial,Helvetica,sans-serif",
          color: "#111827",
        },
      },
      h(
        "table",
        { ...presentation, style: { background: "#f3f4f6" } },
        h(
          "tbody",
          null,
          h(
            "tr",
            null,
            h(
              "td",
              { align: "center", style: { padding: "16px" } },
              h(
                "table",
                {
                  ...presentation,
                  width: "560",
                  style: {
                    width: "100%",
                    maxWidth: "560px",
                    background: "#ffffff",
                    borderRadius: "12px",
                    overflow: "hidden",
                  },
                },
                h(
                  "tbody",
                  null,
                  h(
                    "tr",
                    null,
                    h(
                      "td",
                      { style: { background: BRAND, padding: "16px 24px" } },
                      h(
                        "a",
                        {
                          href: `${ctx.publicUrl}/`,
                          style: {
                            color: "#ffffff",
                            fontSize: "20px",
                            fontWeight: "bold",
                            textDecoration: "none",
                          },
                        },
                        ctx.siteName,
                      ),
                    ),
                  ),
                  h(
                    "tr",
                    null,
                    h(
                      "td",
                      { style: { padding: "24px" } },
                      heading ? h("h1", { style: { margin: "0 0 8px", fontSize: "20px" } }, heading) : null,
                      children,
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** A paragraph of an e-mail's body. */
export function MailParagraph({ children }: { children?: ReactNode }) {
  return h("p", { style: { margin: "0 0 16px", lineHeight: "1.5" } }, children);
}

/** A link in the brand's colour. */
export function MailLink({ href, children }: { href: string; children?: ReactNode }) {
  return h("a", { href, style: { color: BRAND, fontWeight: "bold" } }, children);
}

/** The HTML document of one e-mail (`element` is its layout). */
export function renderMailHtml(element: ReactElement) {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}
