// `mc` in the S3 stand-in image (s3-standin.Containerfile), for checks where MinIO's images cannot be pulled:
// the MinIO client commands compose.yaml runs, against s3rver. `mc ready ALIAS`, `mc alias set ALIAS URL USER
// PASSWORD` and `mc mb [--ignore-existing] ALIAS/BUCKET`; s3rver takes any request, so the keys are not sent.
import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ALIASES_FILE = path.join(homedir(), ".mc-standin.json");

function savedAliases(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(ALIASES_FILE, "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The URL of an alias; `local` is the server in this container, as in MinIO's image. */
function aliasUrl(alias: string) {
  const url = { local: "http://127.0.0.1:9000", ...savedAliases() }[alias];
  if (!url) throw new Error(`mc: unknown alias ${alias}`);
  return url;
}

async function ready(alias: string) {
  await fetch(aliasUrl(alias));
}

async function setAlias(alias: string, url: string) {
  await fetch(url); // like mc, refuse an alias whose server does not answer
  writeFileSync(ALIASES_FILE, JSON.stringify({ ...savedAliases(), [alias]: url }));
}

async function makeBucket(target: string, ignoreExisting: boolean) {
  const [alias = "", bucket = ""] = target.split("/");
  const response = await fetch(`${aliasUrl(alias)}/${bucket}`, { method: "PUT" });
  if (response.ok) console.log(`Bucket created successfully \`${target}\`.`);
  else if (response.status === 409 && ignoreExisting) console.log(`Bucket \`${target}\` already exists.`);
  else throw new Error(`mc: creating ${target} failed: HTTP ${response.status}`);
}

const [command, ...rest] = process.argv.slice(2);
const flags = rest.filter((arg) => arg.startsWith("--"));
const args = rest.filter((arg) => !arg.startsWith("--"));
try {
  if (command === "ready" && args[0]) await ready(args[0]);
  else if (command === "alias" && args[0] === "set" && args[1] && args[2]) await setAlias(args[1], args[2]);
  else if (command === "mb" && args[0]) await makeBucket(args[0], flags.includes("--ignore-existing"));
  else throw new Error(`mc stand-in: unsupported command: ${process.argv.slice(2).join(" ")}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
