import { describe, expect, it } from "vitest";
import { distanceKm, offsetBy, PIN_MAX_KM, PIN_MESSAGES, streetWithoutNumber } from "./listing.address.ts";

it("names the pin's distance limit in its message", () => {
  expect(PIN_MESSAGES.tooFar).toContain(`${PIN_MAX_KM} km`);
});

describe("streetWithoutNumber", () => {
  it.each([
    ["Weserstraße 10, Berlin, Germany", "Weserstraße, Berlin, Germany"],
    ["12 Rue de Rivoli, 75004 Paris, France", "Rue de Rivoli, 75004 Paris, France"],
    ["10 Downing Street, London, United Kingdom", "Downing Street, London, United Kingdom"],
    ["Flat 3, 10 Downing Street, London", "Downing Street, London"],
    [
      "10, Weserstraße, Neukölln, Berlin, 12047, Deutschland",
      "Weserstraße, Neukölln, Berlin, 12047, Deutschland",
    ],
    ["Weserstr. 10a, Berlin", "Weserstr., Berlin"],
    ["221B Baker Street, London", "Baker Street, London"],
    ["Calle de Alcalá 42-44, Madrid", "Calle de Alcalá, Madrid"],
    ["Berlin, Germany", "Berlin, Germany"],
  ])("%s → %s", (address, street) => {
    expect(streetWithoutNumber(address)).toBe(street);
  });
});

describe("distances", () => {
  it("measures Berlin to Potsdam at about 27 km", () => {
    const km = distanceKm({ lat: 52.52, lng: 13.405 }, { lat: 52.3906, lng: 13.0645 });
    expect(km).toBeGreaterThan(25);
    expect(km).toBeLessThan(29);
  });

  it("moves a position by a number of metres", () => {
    const from = { lat: 52.52, lng: 13.405 };
    for (const bearing of [0, 1, 2.5, 4]) {
      const metres = distanceKm(from, offsetBy(from, 150, bearing)) * 1000;
      expect(metres).toBeGreaterThan(147);
      expect(metres).toBeLessThan(153);
    }
  });
});
