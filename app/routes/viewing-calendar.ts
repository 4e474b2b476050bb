import { refusalResponse } from "#app/http/errors.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { calendarFileFor, viewingDeps } from "#app/modules/viewing/viewing.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/viewing-calendar.ts";

/** "Add to calendar": the booking's calendar file, the same one its e-mails carry, for its visitor or lister. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  try {
    const ics = await calendarFileFor(viewingDeps(context.get(servicesContext)), user, params.bookingId);
    return new Response(ics, {
      headers: {
        "Content-Type": `text/calendar; charset=utf-8; method=${/^METHOD:CANCEL/m.test(ics) ? "CANCEL" : "REQUEST"}`,
        "Content-Disposition": 'attachment; filename="viewing.ics"',
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    const refusal = refusalResponse(error);
    return new Response(refusal.data.error, { status: refusal.init?.status ?? 404 });
  }
}
