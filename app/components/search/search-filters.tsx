import type { I18n } from "#app/modules/i18n/i18n.ts";
import { areaSign, PROPERTY_TYPE_LABELS } from "#app/modules/listing/listing.details.ts";
import { SCALE_A_TO_G } from "#app/modules/listing/listing.energy.ts";
import { PROPERTY_TYPES } from "#app/modules/listing/listing.model.ts";
import { describeRadius, formatRadius } from "#app/modules/saved/saved-search.filter.ts";
import {
  EMPTY_SEARCH,
  formatBbox,
  hasFilters,
  homesCount,
  SEARCH_SORTS,
  type SearchParams,
  SORT_LABELS,
  searchQueryString,
} from "#app/modules/search/search.rules.ts";
import { formatLatLng, formatPoly, RADIUS_CHOICES } from "#app/modules/search/search.shape.ts";

type Props = {
  /** The search as the server read it: the form shows the values used (swapped, clamped or dropped). */
  params: SearchParams;
  /** Where the form goes: /search, a category or /offers. */
  action: string;
  /** Filters the page's path sets (a category's type, the offers): not shown as fields. */
  fixed?: Partial<SearchParams>;
  /** How many listings match, or null when it could not be counted. */
  total: number | null;
  /** LOCALE's texts: the bar is rendered apart from the page (search-filters.server.tsx), outside its router. */
  i18n: I18n;
  /** The site's energy scale (LISTING_RULES), best first: the classes "Energy rating" offers. */
  energyScale?: readonly string[];
  /** Why "Distance" could not be applied (search.within.server.ts), said under the bar; null when it was. */
  withinNotice?: string | null;
  /** The radius asked for when it could not be applied: shown chosen, so the bar can send it again. */
  withinAsked?: number | null;
};

const ROOMS = [1, 2, 3, 4, 5];

/**
 * The filter bar: a plain GET form of labelled native controls, so it works before JavaScript loads and costs
 * no library. It shows back every value the server used, the number of homes, and "Clear filters". Rendered
 * on the server only (search-filters.server.tsx): the browser never needs its code.
 */
export function SearchFilters({
  params,
  action,
  fixed = {},
  total,
  i18n,
  energyScale = SCALE_A_TO_G,
  withinNotice = null,
  withinAsked = null,
}: Props) {
  const { t } = i18n;
  const filtered = hasFilters(params, fixed);
  // "Clear filters": every filter off; the sort, the view and the map's area kept.
  const { sort, view, bbox } = params;
  const clear = searchQueryString({ ...EMPTY_SEARCH, sort, view, bbox }, fixed);
  const activeCount = countFolded(params, fixed);
  const unit = params.areaUnit ?? "m2";
  // A radius around a place the box named shows that place in the box: sent again, it is looked up again.
  const aroundPlace = params.near && params.radius != null && params.place ? params.place : null;
  return (
    // Laid out by its own width (a container), not the window's: beside the map it has half the page.
    <search aria-label={t("Filters")} className="@container mb-8">
      <form
        method="get"
        action={action}
        className="card grid grid-cols-2 gap-x-4 gap-y-3 @xl:grid-cols-4 @5xl:grid-cols-6"
      >
        <div className="col-span-2 @xl:col-span-4 @5xl:col-span-2">
          <label htmlFor="filter-q" className="field-label">
            {t("City, address or name")}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={aroundPlace ?? params.q}
            maxLength={200}
            placeholder={t("Search by city or address")}
            autoComplete="off"
            className="text-input"
          />
        </div>
        <WithinSelect params={params} asked={withinAsked} i18n={i18n} />
        {/* On phones the bar would fill the first screen: the words stay, the rest folds under "Filters" (a
            native disclosure, no script). From the sm breakpoint up, in browsers that can style a disclosure's
            content, it is always open and its fields sit in the form's own grid (app.css, .search-more);
            older ones keep the Filters button there too. */}
        <details className="search-more col-span-2 @xl:col-span-4 @5xl:col-span-6">
          <summary className="btn-secondary btn-small w-full">
            {activeCount > 0 ? t("Filters ({count})", { count: activeCount }) : t("Filters")}
          </summary>
          <div className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 @xl:grid-cols-4 @5xl:grid-cols-6">
            {"type" in fixed || "offer" in fixed ? null : (
              <div>
                <label htmlFor="filter-type" className="field-label">
                  {t("Rent or buy")}
                </label>
                <select id="filter-type" name="type" defaultValue={params.type ?? ""} className="text-input">
                  <option value="">{t("Rent or buy")}</option>
                  <option value="rent">{t("For rent")}</option>
                  <option value="sale">{t("For sale")}</option>
                </select>
              </div>
            )}
            <NumberInput
              id="filter-min-price"
              name="minPrice"
              label={t("Min price ({currency})", { currency: i18n.currencySymbol })}
              value={params.minPrice}
            />
            <NumberInput
              id="filter-max-price"
              name="maxPrice"
              label={t("Max price ({currency})", { currency: i18n.currencySymbol })}
              value={params.maxPrice}
            />
            <RoomsSelect
              id="filter-beds"
              name="beds"
              label={t("Bedrooms")}
              any={t("Any")}
              value={params.beds}
            />
            <RoomsSelect
              id="filter-baths"
              name="baths"
              label={t("Bathrooms")}
              any={t("Any")}
              value={params.baths}
            />
            <EnergySelect scale={energyScale} value={params.minEnergy} i18n={i18n} />
            <NumberInput
              min={1}
              id="filter-min-area"
              name="minArea"
              label={t("Min area ({unit})", { unit: areaSign(unit) })}
              value={params.minArea}
            />
            <NumberInput
              min={1}
              id="filter-max-area"
              name="maxArea"
              label={t("Max area ({unit})", { unit: areaSign(unit) })}
              value={params.maxArea}
            />
            <div>
              <label htmlFor="filter-available-by" className="field-label">
                {t("Available by")}
              </label>
              <input
                id="filter-available-by"
                name="availableBy"
                type="date"
                defaultValue={params.availableBy ?? ""}
                className="text-input"
              />
            </div>
            <div>
              <label htmlFor="filter-sort" className="field-label">
                {t("Sort")}
              </label>
              <select id="filter-sort" name="sort" defaultValue={params.sort} className="text-input">
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="col-span-2 flex flex-wrap items-end gap-x-5 gap-y-2 @xl:col-span-4 @5xl:col-span-6">
              <legend className="field-label">{t("Property type")}</legend>
              {PROPERTY_TYPES.map((kind) => (
                <Check
                  key={kind}
                  name="kind"
                  value={kind}
                  label={t(PROPERTY_TYPE_LABELS[kind])}
                  checked={params.kind?.includes(kind) ?? false}
                />
              ))}
            </fieldset>
            <fieldset className="col-span-2 flex flex-wrap items-end gap-x-5 gap-y-2 @xl:col-span-4 @5xl:col-span-6">
              <legend className="sr-only">{t("Must have")}</legend>
              <Check name="parking" label={t("Parking spot")} checked={params.parking} />
              <Check name="furnished" label={t("Furnished")} checked={params.furnished} />
              <Check name="pets" label={t("Pets allowed")} checked={params.pets} />
              <Check name="stepFree" label={t("Step-free access")} checked={params.stepFree} />
              {"offer" in fixed ? null : <Check name="offer" label={t("Offer")} checked={params.offer} />}
            </fieldset>
          </div>
        </details>
        {params.view === "map" ? <input type="hidden" name="view" value="map" /> : null}
        {/* The map's area stays part of the search when other filters change. */}
        {params.bbox ? <input type="hidden" name="bbox" value={formatBbox(params.bbox)} /> : null}
        {/* So are a drawn area and a point chosen on the map (a place's point is looked up again from the box). */}
        {params.poly ? <input type="hidden" name="poly" value={formatPoly(params.poly)} /> : null}
        {params.near && params.radius != null && !aroundPlace ? (
          <input type="hidden" name="near" value={formatLatLng(params.near)} />
        ) : null}
        <div className="col-span-2 flex flex-wrap items-center justify-end gap-3 @xl:col-span-4 @5xl:col-span-6">
          {filtered ? (
            <a href={`${action}${clear ? `?${clear}` : ""}`} className="btn-secondary btn-small">
              {t("Clear filters")}
            </a>
          ) : null}
          <button type="submit" className="btn-primary btn-small">
            {t("Show homes")}
          </button>
        </div>
      </form>
      <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        {total === null ? null : (
          <p role="status" className="text-lg font-bold">
            {homesCount(total, i18n)}
          </p>
        )}
        {filtered ? <p className="text-sm text-muted">{appliedSummary(params, i18n, fixed)}</p> : null}
      </div>
      {withinNotice ? (
        <p role="alert" className="mt-2 text-sm font-semibold">
          {withinNotice}
        </p>
      ) : null}
    </search>
  );
}

/** How many of the folded filters are set, for the phone's "Filters (3)". */
function countFolded(params: SearchParams, fixed: Partial<SearchParams>) {
  return [
    params.type !== null && !("type" in fixed),
    params.minPrice !== null,
    params.maxPrice !== null,
    params.beds !== null,
    params.baths !== null,
    params.minEnergy !== null,
    params.sort !== "newest",
    params.minArea !== null,
    params.maxArea !== null,
    params.availableBy !== null,
    params.kind !== null,
    params.parking,
    params.furnished,
    params.pets,
    params.stepFree,
    params.offer && !("offer" in fixed),
  ].filter(Boolean).length;
}

/**
 * "Distance": a radius around the place typed in the box (or a point chosen on the map), in the site's unit.
 * It sends `within=`, which the page's loader turns into `near=`, `radius=` and `place=`.
 */
function WithinSelect({ params, asked, i18n }: { params: SearchParams; asked: number | null; i18n: I18n }) {
  const { t } = i18n;
  const radius = asked ?? (params.near ? (params.radius ?? null) : null);
  // A radius from the URL beyond the list (3 km) is still shown as used.
  const choices: number[] =
    radius !== null && !(RADIUS_CHOICES as readonly number[]).includes(radius)
      ? [...RADIUS_CHOICES, radius].sort((a, b) => a - b)
      : [...RADIUS_CHOICES];
  return (
    <div className="col-span-2 sm:col-span-1">
      <label htmlFor="filter-within" className="field-label">
        {t("Distance")}
      </label>
      <select id="filter-within" name="within" defaultValue={radius ?? ""} className="text-input">
        <option value="">{t("Anywhere")}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t("Within {distance}", { distance: formatRadius(choice, params, i18n) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A whole number from `min`: a price (from 0) or an area in the site's unit (from 1). */
function NumberInput({
  id,
  name,
  label,
  value,
  min = 0,
}: {
  id: string;
  name: string;
  label: string;
  value: number | null;
  min?: number;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        defaultValue={value ?? ""}
        className="text-input"
      />
    </div>
  );
}

function RoomsSelect({
  id,
  name,
  label,
  any,
  value,
}: {
  id: string;
  name: string;
  label: string;
  any: string;
  value: number | null;
}) {
  // A value from the URL beyond the list (7 bedrooms) is still shown as used.
  const options = value !== null && !ROOMS.includes(value) ? [...ROOMS, value] : ROOMS;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="text-input">
        <option value="">{any}</option>
        {options.map((count) => (
          <option key={count} value={count}>
            {count}+
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Energy rating": a class of the site's scale, meaning that class or better. */
function EnergySelect({
  scale,
  value,
  i18n,
}: {
  scale: readonly string[];
  value: string | null;
  i18n: I18n;
}) {
  const { t } = i18n;
  // A class from the URL that the site's scale lacks (another country's) is still shown as used.
  const options = value !== null && !scale.includes(value) ? [...scale, value] : scale;
  return (
    <div>
      <label htmlFor="filter-min-energy" className="field-label">
        {t("Energy rating")}
      </label>
      <select id="filter-min-energy" name="minEnergy" defaultValue={value ?? ""} className="text-input">
        <option value="">{t("Any")}</option>
        {options.map((step) => (
          <option key={step} value={step}>
            {t("{value} or better", { value: step })}
          </option>
        ))}
      </select>
    </div>
  );
}

function Check({
  name,
  label,
  checked,
  value = "1",
}: {
  name: string;
  label: string;
  checked: boolean;
  /** What a checked box sends: "1" for a flag, a choice's value for one of a list (kind=flat&kind=house). */
  value?: string;
}) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-5 accent-brand"
      />
      {label}
    </label>
  );
}

/** What the list is filtered by, in words: "Filtered by: "berlin", $100 to $900, 2+ bedrooms". */
export function appliedSummary(params: SearchParams, i18n: I18n, fixed: Partial<SearchParams> = {}) {
  const { t, tn, money } = i18n;
  const parts: string[] = [];
  if (params.q.trim()) parts.push(t("“{words}”", { words: params.q.trim() }));
  if (params.type && !("type" in fixed)) parts.push(params.type === "rent" ? t("for rent") : t("for sale"));
  if (params.minPrice !== null && params.maxPrice !== null) {
    parts.push(t("{min} to {max}", { min: money(params.minPrice), max: money(params.maxPrice) }));
  } else if (params.minPrice !== null) parts.push(t("from {min}", { min: money(params.minPrice) }));
  else if (params.maxPrice !== null) parts.push(t("up to {max}", { max: money(params.maxPrice) }));
  // "1+ bedrooms" here: at least one, so more than one.
  if (params.beds !== null) parts.push(tn(params.beds, "{count}+ bedrooms", "{count}+ bedrooms"));
  if (params.baths !== null) parts.push(tn(params.baths, "{count}+ bathrooms", "{count}+ bathrooms"));
  if (params.minEnergy !== null)
    parts.push(t("energy rating {value} or better", { value: params.minEnergy }));
  if (params.kind) parts.push(params.kind.map((kind) => t(PROPERTY_TYPE_LABELS[kind])).join(t(" or ")));
  const unit = areaSign(params.areaUnit ?? "m2");
  const area = (value: number) => `${i18n.number(value)} ${unit}`;
  if (params.minArea !== null && params.maxArea !== null) {
    parts.push(t("{min} to {max}", { min: i18n.number(params.minArea), max: area(params.maxArea) }));
  } else if (params.minArea !== null) parts.push(t("from {min}", { min: area(params.minArea) }));
  else if (params.maxArea !== null) parts.push(t("up to {max}", { max: area(params.maxArea) }));
  if (params.availableBy) {
    const date = i18n.date(Date.parse(`${params.availableBy}T00:00:00Z`), {
      dateStyle: "medium",
      timeZone: "UTC",
    });
    parts.push(t("available by {date}", { date }));
  }
  if (params.parking) parts.push(t("parking spot"));
  if (params.furnished) parts.push(t("furnished"));
  if (params.pets) parts.push(t("pets allowed"));
  if (params.stepFree) parts.push(t("step-free access"));
  if (params.offer && !("offer" in fixed)) parts.push(t("offers"));
  if (params.bbox) parts.push(t("in the map's area"));
  if (params.poly) parts.push(t("in a drawn area"));
  const radius = describeRadius(params, i18n);
  if (radius) parts.push(radius);
  return t("Filtered by: {filters}", { filters: parts.join(", ") });
}
