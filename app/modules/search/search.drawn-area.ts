// A drawn area as the URL carries it (safe for the browser): `poly=lat,lng;lat,lng;...`, 3 to 50 corners with
// at most 5 decimals (about a metre), the ring closed implicitly (the last corner joins the first).

/** A corner of a drawn area: [latitude, longitude] in decimal degrees. */
export type Corner = [lat: number, lng: number];

export const DRAWN_AREA_CORNERS = { min: 3, max: 50 };

/** The `poly` value of a ring of corners: "48.85660,2.35220;..." trimmed to 5 decimals. */
export function formatDrawnArea(corners: readonly Corner[]) {
  return corners.map(([lat, lng]) => `${round(lat)},${round(lng)}`).join(";");
}

/** The corners of a `poly` value, or null when it is not 3 to 50 corners on the globe. */
export function readDrawnArea(value: string | null | undefined): Corner[] | null {
  if (!value) return null;
  const corners: Corner[] = [];
  for (const pair of value.split(";")) {
    const parts = pair.split(",");
    if (parts.length !== 2 || parts.some((part) => part.trim() === "")) return null;
    const [lat, lng] = parts.map(Number) as [number, number];
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
      return null;
    corners.push([lat, lng]);
  }
  return corners.length >= DRAWN_AREA_CORNERS.min && corners.length <= DRAWN_AREA_CORNERS.max
    ? corners
    : null;
}

function round(value: number) {
  return Number(value.toFixed(5));
}
