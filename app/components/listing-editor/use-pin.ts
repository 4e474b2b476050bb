import { useCallback, useEffect, useRef, useState } from "react";
import { msg } from "#app/modules/i18n/i18n.ts";
import type { LatLng } from "#app/modules/listing/listing.address.ts";
import type { ListingFormDefaults } from "#app/modules/listing/listing.schema.ts";

/** How precisely the pin was placed: by the geocoder, or where the listing was saved (an edit). */
export type PinSource = "address" | "street" | "city" | "saved";

export type PinState = {
  /** Where the pin is; null until an address was placed. */
  pin: LatLng | null;
  /** The address the pin was placed for (posted with it: the server ignores a pin for another address). */
  address: string;
  source: PinSource | null;
  looking: boolean;
  /** The lookup's refusal ("Please enter a correct address", a limit...), in English. */
  error: string | null;
  /** Changes when a lookup places the pin anew: the map then centres on it. */
  placed: number;
};

const GEOCODE_PATH = "/api/geocode";
/** Typing pauses this long before the address is looked up; leaving the field looks it up at once. */
const TYPING_PAUSE_MS = 1_200;
/** Shorter text is not worth a lookup while typing (leaving the field still looks it up). */
const TYPING_MIN_LENGTH = 6;

const LOOKUP_FAILED = msg("The address could not be placed on the map right now");

const tidy = (text: string) => text.trim().replace(/\s+/g, " ");

/**
 * The listing form's pin: asks the server where the typed address is (api.geocode.ts, which calls the geocoder
 * and counts the lookup) as the lister types and when they leave the field, and follows the lister's drags.
 */
export function usePin(saved: ListingFormDefaults["pin"]) {
  const [state, setState] = useState<PinState>(() => ({
    pin: saved ? { lat: saved.lat, lng: saved.lng } : null,
    address: saved ? tidy(saved.address) : "",
    source: saved ? "saved" : null,
    looking: false,
    error: null,
    placed: 0,
  }));
  const placedFor = useRef(state.address);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const lookup = useCallback(async (typed: string) => {
    clearTimeout(timer.current);
    const address = tidy(typed);
    if (!address || address === placedFor.current) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setState((current) => ({ ...current, looking: true, error: null }));
    try {
      const response = await fetch(GEOCODE_PATH, {
        method: "POST",
        body: new URLSearchParams({ address }),
        signal: controller.signal,
      });
      const body = (await response.json().catch(() => null)) as GeocodeAnswer | null;
      if (controller.signal.aborted) return;
      if (!response.ok || !body || !("place" in body)) {
        setState((current) => ({
          ...current,
          looking: false,
          error: (body && "error" in body && body.error) || LOOKUP_FAILED,
        }));
        return;
      }
      placedFor.current = address;
      setState((current) => ({
        pin: body.place.geolocation,
        address,
        source: body.place.precision,
        looking: false,
        error: null,
        placed: current.placed + 1,
      }));
    } catch {
      if (controller.signal.aborted) return;
      setState((current) => ({
        ...current,
        looking: false,
        error: LOOKUP_FAILED,
      }));
    }
  }, []);

  const typed = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      if (tidy(text).length < TYPING_MIN_LENGTH) return;
      timer.current = setTimeout(() => void lookup(text), TYPING_PAUSE_MS);
    },
    [lookup],
  );

  const move = useCallback((pin: LatLng) => setState((current) => ({ ...current, pin })), []);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  return { ...state, lookup, typed, move };
}

type GeocodeAnswer =
  | { place: { geolocation: LatLng; precision: "address" | "street" | "city"; formattedAddress: string } }
  | { error: string | null };
