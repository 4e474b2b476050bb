import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "#tests/support/app-server.ts";

/**
 * The nginx front of docs/deploy.md ("Several instances") keeps signed-in people and toasts out of its shared
 * cache with a `map` on the Cookie header. Its patterns must catch every spelling the app reads as a session
 * or a toast (better-auth reads `name =value` too, and "__Secure-" names behind HTTPS), and leave a visitor's
 * other cookies cached.
 * The patterns are PCRE as nginx runs them; these use no syntax that JavaScript reads otherwise.
 */
async function personalPatterns() {
  const deploy = await readFile(path.join(REPO_ROOT, "docs", "deploy.md"), "utf8");
  const map = /map \$http_cookie \$homestead_personal \{([^}]*)\}/.exec(deploy)?.[1];
  if (!map) throw new Error("docs/deploy.md has no `map $http_cookie $homestead_personal` block");
  return [...map.matchAll(/"~(.+)" 1;/g)].map((match) => new RegExp(match[1]!));
}

describe("the nginx cache rule of docs/deploy.md", () => {
  it("bypasses the cache for every spelling of the session and toast cookies", async () => {
    const patterns = await personalPatterns();
    const personal = (cookie: string) => patterns.some((pattern) => pattern.test(cookie));
    for (const name of ["better-auth.session_token", "__Secure-better-auth.session_token"]) {
      for (const blank of ["", " ", "\t", " \t "]) {
        expect(personal(`${name}${blank}=abc.def`), `${name}${blank}=`).toBe(true);
        expect(personal(`theme=light;${blank}${name}${blank}=abc.def`), `…; ${name}${blank}=`).toBe(true);
      }
    }
    for (const cookie of ["toast=x", "toast =x", "a=1; toast\t=x", "a=1;toast=x"]) {
      expect(personal(cookie), cookie).toBe(true);
    }
    for (const cookie of ["theme=light", "lang=de; theme=dark", "notoast=1"]) {
      expect(personal(cookie), cookie).toBe(false);
    }
  });
});
