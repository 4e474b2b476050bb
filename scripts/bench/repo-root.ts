import { fileURLToPath } from "node:url";

/** The repository root (scripts/bench/ is two levels down). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
