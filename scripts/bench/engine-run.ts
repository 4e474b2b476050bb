import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import type { BenchData } from "./bench-data.ts";
import { type DatabaseProbe, probeDatabase } from "./database-probe.server.ts";
import { type LoadFigures, runLoad } from "./load.ts";
import type { BenchOptions } from "./options.ts";
import { type BenchServer, startBenchServer } from "./server-process.ts";
import { measureShippedJs, type ShippedJs } from "./shipped-js.ts";
import { nginxInstalled, type SavedPage, startCachingNginx } from "./static-nginx.ts";

/** Everything measured on one database engine. */
export type EngineResult = {
  engine: string;
  probe: DatabaseProbe;
  loads: LoadFigures[];
  peakRssMb: number;
  /** Only measured once (the first engine): the build is the same. */
  shippedJs: ShippedJs[];
  /** The pages as the app rendered them, for the nginx comparison. */
  savedPages: SavedPage[];
  /** The single-page runs, for the nginx comparison: label and path. */
  singlePages: { label: string; path: string }[];
};

/**
 * On one prepared database: explains the list queries, starts the production server on it, checks every page
 * answers 200, then measures a category page on one connection, loads each list page and a detail page at
 * `pageConnections`, then all pages mixed at `mixedConnections`.
 */
export async function benchEngine(
  engine: string,
  data: BenchData,
  options: BenchOptions,
  measureJs: boolean,
): Promise<EngineResult> {
  const probe = await probeDatabase(data.database);
  const detail = probe.detailPaths[0];
  if (!detail) throw new Error("the bench database holds no listing");
  const singlePages = [
    { label: "Explore", path: "/" },
    { label: "/category/rent", path: "/category/rent" },
    { label: "/offers", path: "/offers" },
    { label: "detail page", path: detail },
  ];
  const mixed = [
    "/",
    "/category/rent",
    "/category/sale",
    "/offers",
    ...probe.deepPaths,
    ...probe.detailPaths,
  ];
  const server = await startBenchServer(data.env);
  try {
    const pages = await fetchPages(server, [
      ...new Set(["/", ...singlePages.map((page) => page.path), ...mixed]),
    ]);
    const savedPages = pages.filter((page) => singlePages.some((single) => single.path === page.path));
    const shippedJs = measureJs
      ? [
          await measureShippedJs(server.url, "/"),
          await measureShippedJs(server.url, "/category/rent"),
          await measureShippedJs(server.url, "/offers"),
          await measureShippedJs(server.url, "/search?q=berlin"),
        ]
      : [];
    const measure = async (
      label: string,
      paths: string[],
      connections: number,
      seconds: number,
      { url = server.url, headers = {} }: { url?: string; headers?: Record<string, string> } = {},
    ) => {
      console.log(`  ${engine}: ${label}, ${connections} connections, ${seconds} s`);
      const cpuBefore = server.cpuMs();
      const figures = await runLoad(label, url, paths, connections, seconds, headers);
      const cpuMsPerRequest = (server.cpuMs() - cpuBefore) / Math.max(1, figures.requests);
      return { ...figures, cpuMsPerRequest: Math.round(cpuMsPerRequest * 10) / 10 };
    };
    await measure("warm-up", mixed, options.pageConnections, Math.min(3, options.pageSeconds));
    const loads: LoadFigures[] = [];
    // One connection: the latency of a page alone, without queueing behind other requests.
    loads.push(await measure("/category/rent alone", ["/category/rent"], 1, options.pageSeconds));
    // Each page for a visitor, then at once for a signed-in user: the visitors' page from the cache (decision
    // 070), and what is theirs from /me, the one small request each page load makes beside it (measured apart,
    // on the listing page). Side by side, so a shared machine's load that changes during the run moves both
    // figures of a pair alike. Browsing needs no verified address (and this server is not one the tests'
    // helpers can reach into).
    const cookie = await postSignUp(server.url, newAccount("Bench Signed-In"), { verified: false });
    for (const page of singlePages) {
      loads.push(await measure(page.label, [page.path], options.pageConnections, options.pageSeconds));
      loads.push(
        await measure(`${page.label} signed in`, [page.path], options.pageConnections, options.pageSeconds, {
          headers: { cookie },
        }),
      );
    }
    const listingId = detail.split("/").at(-1)!;
    loads.push(
      await measure(
        "/me signed in (a listing page's)",
        [`/me?listing=${listingId}`],
        options.pageConnections,
        options.pageSeconds,
        { headers: { cookie } },
      ),
    );
    // Through docs/deploy.md's nginx front with its proxy_cache: what visitors get from a deployment.
    if (options.nginx && nginxInstalled()) {
      const front = await startCachingNginx(server.url);
      try {
        for (const page of singlePages) {
          loads.push(
            await measure(
              `${page.label} via nginx cache`,
              [page.path],
              options.pageConnections,
              options.pageSeconds,
              {
                url: front.url,
              },
            ),
          );
        }
      } finally {
        await front.stop();
      }
    }
    loads.push(await measure("mixed pages", mixed, options.mixedConnections, options.mixedSeconds));
    return { engine, probe, loads, peakRssMb: server.peakRssMb(), shippedJs, savedPages, singlePages };
  } finally {
    await server.stop();
  }
}

/** GETs each path once: a page that does not answer 200 would make every figure meaningless. */
async function fetchPages(server: BenchServer, paths: string[]): Promise<SavedPage[]> {
  const pages: SavedPage[] = [];
  for (const path of paths) {
    const response = await fetch(new URL(path, server.url));
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}; the server said:\n${server.output()}`);
    }
    pages.push({ path, html: await response.text() });
  }
  return pages;
}
