import type { TestAccount } from "./accounts.ts";

/** The administrator of an end-to-end run: the address tests/e2e/global-setup.ts puts in ADMIN_EMAILS. */
export function adminAccount(): TestAccount {
  const email = process.env.E2E_ADMIN_EMAIL;
  if (!email)
    throw new Error("E2E_ADMIN_EMAIL is not set: run through playwright (tests/e2e/global-setup.ts)");
  return { name: "Mona Moderator", email, password: "correct-horse-42" };
}
