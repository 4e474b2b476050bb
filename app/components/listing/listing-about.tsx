import { useI18n } from "#app/components/use-i18n.ts";
import { descriptionParagraphs } from "#app/modules/listing/listing.details.ts";

/**
 * "About this home": the lister's description as they wrote it, plain text (React escapes markup; links are
 * text, not links), a paragraph per blank line and its line breaks kept. Nothing for a listing without one.
 */
export function ListingAbout({ description }: { description: string | null }) {
  const { t } = useI18n();
  if (!description) return null;
  return (
    <section aria-labelledby="listing-about">
      <h2 id="listing-about" className="section-heading mb-3">
        {t("About this home")}
      </h2>
      <div className="flex max-w-prose flex-col gap-3 text-base leading-relaxed">
        {descriptionParagraphs(description).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a description is rendered whole, never reordered
          <p key={index} className="break-words whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}
