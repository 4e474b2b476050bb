import { refuseMalformedUpload } from "#app/modules/image/image.upload-guard.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.uploads.ts";

// The tus endpoint (resumable photo uploads); app/modules/image/image.tus.server.ts does the work and checks
// the session itself, so no request reaches the staging area without a signed-in owner.

/** HEAD (resume offset), OPTIONS and GET. */
export function loader({ context, request }: Route.LoaderArgs) {
  return context.get(servicesContext).uploads.handle(request);
}

/** POST (create; forged metadata is refused first), PATCH (bytes) and DELETE (abandon). */
export function action({ context, request }: Route.ActionArgs) {
  return refuseMalformedUpload(request) ?? context.get(servicesContext).uploads.handle(request);
}
