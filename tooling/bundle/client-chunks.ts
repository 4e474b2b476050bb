import type { Plugin } from "vite";

// How the browser's JavaScript is cut into files. Left to itself the bundler makes one file for every set of
// routes sharing a module: with fifty routes a list page loaded 34 files, 25 of them under 1 KB, and gzip
// compresses each on its own (no shared dictionary, a header and the import lines each), which cost about
// 9 KB of the list pages' 129 KB. Here the code every page loads (React, React Router, the shell) and the code
// the pages of homes share are grouped into a few files, each cached on its own: the framework's changes only
// with an upgrade, the shell's and the lists' with the app.

/** React, React DOM and React Router: loaded by every page. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;

/** The root route: the shell of every page (header, footer, toasts, the personal store). */
const ROOT = /[\\/]app[\\/]root\.tsx(\?|$)/;

/** Explore, whose strips of cards share the cards' code with the lists. */
const EXPLORE = /[\\/]app[\\/]routes[\\/]explore\.tsx(\?|$)/;

/** The pages of homes the first-load budget counts (scripts/bench/shipped-js.ts): a category, Offers, Search. */
const LISTS = /[\\/]app[\\/]routes[\\/](category|offers|search)\.tsx(\?|$)/;

const ROUTE_FILE = /[\\/]app[\\/](routes[\\/][^\\/]+|root\.tsx)(\?|$)/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The client build's code splitting: the framework, the shell (what the root route imports), the cards Explore
 * and the lists share, and the rest of the lists' code, each one file; everything else as the bundler cuts it.
 * Only static imports are followed: what a page loads later by import() (the map, the drawing tool, the
 * toasts' library) stays in its own files.
 */
export function clientChunks(): Plugin {
  const moduleIds: string[] = [];
  let groups: Map<string, string> | undefined;
  const groupOf = (id: string, graph: ModuleGraph) => {
    groups ??= assignGroups(moduleIds, graph);
    return groups.get(id) ?? null;
  };
  return {
    name: "homestead:client-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      moduleIds.length = 0;
      groups = undefined;
    },
    moduleParsed(info) {
      moduleIds.push(info.id);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 4 },
            { name: (id, graph) => (groupOf(id, graph) === "shell" ? "shell" : null), priority: 3 },
            { name: (id, graph) => (groupOf(id, graph) === "cards" ? "cards" : null), priority: 2 },
            { name: (id, graph) => (groupOf(id, graph) === "lists" ? "lists" : null), priority: 1 },
          ],
        },
      };
    },
  };
}

/** Each app module's group: the first of shell, cards (Explore's and the lists'), lists that reaches it. */
function assignGroups(moduleIds: string[], graph: ModuleGraph) {
  const reach = (route: RegExp) =>
    staticClosure(
      moduleIds.filter((id) => route.test(id)),
      graph,
    );
  const shell = reach(ROOT);
  const explore = reach(EXPLORE);
  const lists = reach(LISTS);
  const groups = new Map<string, string>();
  for (const id of lists) {
    // Route modules stay entries of their own; the framework has its group.
    if (FRAMEWORK.test(id) || (ROUTE_FILE.test(id) && !ROOT.test(id))) continue;
    groups.set(id, shell.has(id) ? "shell" : explore.has(id) ? "cards" : "lists");
  }
  for (const id of shell) if (!FRAMEWORK.test(id)) groups.set(id, "shell");
  return groups;
}

function staticClosure(start: string[], graph: ModuleGraph) {
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
