import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { exportUserData } from "#app/modules/user/user.data.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/profile.data.ts";

// GET /profile/data: "Download my data", a JSON file of everything the site holds about the signed-in user.

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db, config } = context.get(servicesContext);
  const exported = await exportUserData(db, {
    userId: user.id,
    publicUrl: config.publicUrl,
    imageBaseUrl: config.images.baseUrl,
  });
  const day = exported.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
