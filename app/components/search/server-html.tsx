/** Markup the server rendered for a part of the page that needs no JavaScript (the filter bar). */
export function ServerHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's React output, escaped by React
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
