import { useI18n } from "#app/components/use-i18n.ts";
import {
  CERTIFICATE_TYPE_LABELS,
  ENERGY_SOURCE_LABELS,
  scaleColours,
} from "#app/modules/listing/listing.energy.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { type Fact, FactGrid } from "./fact-grid.tsx";

// The listing page's "Energy" section: the rating on the site's coloured scale (green to red, the listing's
// class marked), which reads as one sentence to a screen reader, then what the certificate says beside it.

type Props = { listing: Listing; scale: readonly string[] };

/** The letters' colour on the scale's bars: near-black, at AA contrast on every bar (listing.energy.ts). */
const ON_BAR = "#111111";

export function ListingEnergy({ listing, scale }: Props) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const rating = listing.energyRating;
  const facts: Fact[] = [
    [
      t("Energy use"),
      listing.energyUse === null ? null : `${i18n.number(listing.energyUse)} kWh/m²·${t("year")}`,
    ],
    [
      t("Certificate valid until"),
      listing.energyValidUntil === null
        ? null
        : i18n.date(Date.parse(`${listing.energyValidUntil}T00:00:00Z`), {
            dateStyle: "long",
            timeZone: "UTC",
          }),
    ],
    [
      t("Certificate type"),
      listing.energyCertificateType ? t(CERTIFICATE_TYPE_LABELS[listing.energyCertificateType]) : null,
    ],
    [t("Main energy source"), listing.energySource ? t(ENERGY_SOURCE_LABELS[listing.energySource]) : null],
    [t("Greenhouse gas class (GES)"), listing.ghgRating],
    [
      t("Yearly energy cost"),
      listing.energyCostMin !== null && listing.energyCostMax !== null
        ? t("{min} to {max}", { min: money(listing.energyCostMin), max: money(listing.energyCostMax) })
        : null,
    ],
  ];
  const status =
    listing.energyCertificate === "exempt"
      ? t("No certificate: exempt")
      : listing.energyCertificate === "appliedFor"
        ? t("Certificate applied for")
        : null;
  if (rating === null && status === null && facts.every(([, value]) => value === null)) return null;
  const colours = scaleColours(scale);
  const onScale = rating !== null && scale.includes(rating);
  return (
    <section aria-labelledby="listing-energy">
      <h2 id="listing-energy" className="section-heading mb-3">
        {t("Energy")}
      </h2>
      {status ? <p className="mb-3 font-semibold">{status}</p> : null}
      {rating === null ? null : (
        <>
          <p className="mb-3">
            {t("Energy rating")}: <span className="text-xl font-extrabold">{rating}</span>{" "}
            <span className="text-muted">
              {t("on a scale from {best} (best) to {worst}", {
                best: scale[0] ?? "",
                worst: scale[scale.length - 1] ?? "",
              })}
            </span>
          </p>
          {/* The bars show what the sentence above says. */}
          {onScale ? (
            <ol aria-hidden="true" className="flex max-w-md flex-col gap-1" data-testid="energy-scale">
              {scale.map((step, index) => {
                const marked = step === rating;
                return (
                  <li key={step} className="flex items-center gap-2">
                    <span
                      className={`flex h-7 items-center rounded-r-md px-2 text-sm font-bold ${
                        marked ? "outline-3 outline-offset-1 outline-ink" : ""
                      }`}
                      style={{
                        backgroundColor: colours[index],
                        color: ON_BAR,
                        width: `${30 + (70 * index) / Math.max(1, scale.length - 1)}%`,
                      }}
                      data-marked={marked || undefined}
                    >
                      {step}
                    </span>
                    {marked ? <span className="text-sm font-bold">◀ {t("This home")}</span> : null}
                  </li>
                );
              })}
            </ol>
          ) : null}
        </>
      )}
      <FactGrid facts={facts} className="mt-4" />
    </section>
  );
}
