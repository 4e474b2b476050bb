import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React has taken over the page. Controls that only work with
 * JavaScript (the toggle buttons, the photo picker) stay disabled until then, so a click is never lost.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
