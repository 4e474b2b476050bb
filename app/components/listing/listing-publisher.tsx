import { useImageBase } from "#app/components/image-base.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingPublisher, ListingType } from "#app/modules/listing/listing.model.ts";

/**
 * A card's "Listed by {agent} · {agency}" with the agency's logo, or "Private landlord" / "Private seller": the
 * trader's identity a visitor sees before opening the listing. One line, cut short on a narrow card.
 */
export function ListingPublisherLine({
  publisher,
  type,
}: {
  publisher: ListingPublisher | undefined;
  type: ListingType;
}) {
  const { t } = useI18n();
  const imageBase = useImageBase();
  if (!publisher) return null;
  const { agency } = publisher;
  if (!agency) {
    return (
      <p className="listing-card-publisher">
        <span className="truncate">{type === "rent" ? t("Private landlord") : t("Private seller")}</span>
      </p>
    );
  }
  const logo = agency.logo && imageSources(agency.logo, imageBase);
  return (
    <p className="listing-card-publisher">
      {logo ? (
        <img
          src={logo.src}
          srcSet={logo.srcSet}
          sizes="20px"
          width={logo.width}
          height={logo.height}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-5 shrink-0 rounded-sm bg-surface object-contain"
        />
      ) : null}
      <span className="line-clamp-2">
        {t("Listed by {agent} · {agency}", { agent: publisher.agentName, agency: agency.name })}
      </span>
    </p>
  );
}
