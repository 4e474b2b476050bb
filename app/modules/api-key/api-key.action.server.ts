import { data, type RouterContextProvider } from "react-router";
import type { Db } from "#app/db/db.server.ts";
import { AppError, InvalidError } from "#app/http/errors.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import type { ApiKeyOwner } from "./api-key.repo.server.ts";
import { API_KEY_MESSAGES } from "./api-key.rules.ts";
import { createApiKey, revokeApiKey } from "./api-key.service.server.ts";

// The "API keys" section's two forms, the same in Profile and in the agency workspace: Create answers with the
// new key (shown once, so never through a redirect that a reload would repeat), Revoke with a toast. A refusal
// is marked as the section's (`apiKeys`), so the page shows it there.

export const API_KEY_INTENTS = ["create-api-key", "revoke-api-key"] as const;

/** What the section shows after a form: the new key, or what was refused. */
export type ApiKeyActionData = {
  apiKeys: true;
  createdKey: string | null;
  error: string | null;
  fieldErrors: Record<string, string | undefined>;
};

/** Handles an API key form posted by `user` for `owner` (the caller checked that they may); `back` is the page. */
export async function apiKeyAction(
  db: Db,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  owner: ApiKeyOwner,
  form: FormData,
  back: string,
) {
  try {
    if (form.get("intent") === "create-api-key") {
      const createdKey = await createApiKey(db, user, owner, {
        name: form.get("name") ?? undefined,
        scope: form.get("scope") ?? undefined,
      });
      return data({ apiKeys: true, createdKey, error: null, fieldErrors: {} } satisfies ApiKeyActionData, {
        headers: { "Cache-Control": "no-store" },
      });
    }
    await revokeApiKey(db, owner, String(form.get("keyId") ?? ""));
    return redirectWithToast(context, back, "success", API_KEY_MESSAGES.revoked);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error instanceof InvalidError ? error.formMessage : error.message;
    return data(
      {
        apiKeys: true,
        createdKey: null,
        error: message,
        fieldErrors: error.fieldErrors,
      } satisfies ApiKeyActionData,
      { status: error.status },
    );
  }
}
