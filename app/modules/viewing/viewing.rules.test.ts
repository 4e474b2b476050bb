import { describe, expect, it } from "vitest";
import { openHouseEvents, type ViewingTime } from "./viewing.rules.ts";

// The listing page's JSON-LD `event` (tier: unit): open houses are events, bookable slots are appointments.

const time = (kind: ViewingTime["kind"], startsAt: number): ViewingTime => ({
  id: `${kind}-${startsAt}`,
  kind,
  startsAt,
  endsAt: startsAt + 7_200_000,
  slotMinutes: kind === "slots" ? 20 : null,
  capacity: null,
  booked: 0,
  confirmByHand: false,
  timeZone: "Europe/Paris",
});

describe("open houses in a listing's JSON-LD", () => {
  const at = Date.UTC(2031, 11, 6, 9);
  const times = [time("openHouse", at), time("slots", at + 86_400_000)];

  it("makes each open house an event at the listing's public address, and no slot one", () => {
    const listing = { type: "rent" as const, name: "Flat by the Louvre", location: "Rue de Rivoli, Paris" };
    const events = openHouseEvents(listing, times, "https://homes.test/category/rent/l1", "Open house: Flat");
    expect(events).toEqual([
      {
        "@type": "Event",
        name: "Open house: Flat",
        url: "https://homes.test/category/rent/l1",
        startDate: "2031-12-06T09:00:00.000Z",
        endDate: "2031-12-06T11:00:00.000Z",
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: { "@type": "Place", name: "Flat by the Louvre", address: "Rue de Rivoli, Paris" },
      },
    ]);
  });

  it("makes a home for sale's open house a SaleEvent", () => {
    const listing = { type: "sale" as const, name: "Orchard house", location: "Orchard Lane, Bath" };
    expect(openHouseEvents(listing, times, "https://homes.test/x", "Open house")[0]!["@type"]).toBe(
      "SaleEvent",
    );
    expect(openHouseEvents(listing, [], "https://homes.test/x", "Open house")).toEqual([]);
  });
});
