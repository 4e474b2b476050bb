import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * better-auth's scrypt costs 0.1 s of CPU a hash or a check, and nearly every test account has the same password
 * (accounts.ts): tests sign up and in hundreds of times a run. Within one process, each password is hashed once
 * and each (hash, password) pair checked once; a hash carries its own salt, so every check of it is a real one.
 */
const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();

export function rememberedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export function rememberedCheck({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const key = `${hash}\u0000${password}`;
  let check = checks.get(key);
  if (!check) {
    check = verifyPassword({ hash, password });
    checks.set(key, check);
  }
  return check;
}
