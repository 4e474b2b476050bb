import { createContext, useContext, useState } from "react";
import { useNonce } from "./nonce.tsx";

const AppStylesContext = createContext<string | null>(null);

/** Carries the stylesheet's text from the server entry (which imports it) to <AppStyles>. */
export const AppStylesProvider = AppStylesContext.Provider;

const STYLE_ELEMENT_ID = "app-styles";

/**
 * The site's whole stylesheet (about 6 KB gzipped) inlined in <head> instead of linked: a linked stylesheet
 * blocks the first paint until it arrives, and on a phone it shares the connection with the scripts that
 * follow. Only the server has the text; in the browser the element is already in the page, so the same text
 * is read back from it, which keeps hydration and later renders from touching it.
 */
export function AppStyles() {
  const nonce = useNonce();
  const serverText = useContext(AppStylesContext);
  const [css] = useState(
    () =>
      serverText ??
      (typeof document === "undefined" ? "" : (document.getElementById(STYLE_ELEMENT_ID)?.textContent ?? "")),
  );
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, never user input
    <style id={STYLE_ELEMENT_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} />
  );
}
