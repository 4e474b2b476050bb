import path from "node:path";
import { loadConfig } from "#app/config.server.ts";

// loadConfig generates DATA_DIR/auth-secret when AUTH_SECRET is unset. Backup and restore never use the
// secret, and must not write into the folder they read (or find a folder they are about to fill non-empty),
// so they hand loadConfig a stand-in.
const UNUSED_SECRET = "backup-and-restore-do-not-use-the-auth-secret";

/** Where the data lives, and which server to look for; read from the environment exactly as the server does. */
export type BackupTargets = {
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  storage: { kind: "disk"; dir: string } | { kind: "s3"; bucket: string };
  authSecretFile: string;
  /** GET <healthUrl> answers while a server is running on this configuration. */
  healthUrl: string;
};

/** The backup targets of the configuration in `env`, parsed by the server's own app/config.server.ts. */
export function backupTargets(env: NodeJS.ProcessEnv = process.env): BackupTargets {
  const config = loadConfig({ ...env, AUTH_SECRET: env.AUTH_SECRET || UNUSED_SECRET });
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return {
    dataDir: config.dataDir,
    database: config.database,
    storage:
      config.storage.kind === "s3"
        ? { kind: "s3", bucket: config.storage.s3.bucket }
        : { kind: "disk", dir: config.storage.diskDir },
    authSecretFile: path.join(config.dataDir, "auth-secret"),
    healthUrl: `http://${host.includes(":") ? `[${host}]` : host}:${config.port}/healthz`,
  };
}
