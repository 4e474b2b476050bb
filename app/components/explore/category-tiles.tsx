import { Link } from "react-router";
// Drawings for a category without listings yet: files of their own (not inlined into the code every page
// loads), fetched only when shown.
import rentDrawing from "#app/assets/category-rent.svg?no-inline";
import saleDrawing from "#app/assets/category-sale.svg?no-inline";
import { useImageBase } from "#app/components/image-base.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingImage, ListingType } from "#app/modules/listing/listing.model.ts";

const CATEGORIES = [
  { type: "rent", to: "/category/rent", label: msg("Places for rent"), drawing: rentDrawing },
  { type: "sale", to: "/category/sale", label: msg("Places for sale"), drawing: saleDrawing },
] as const;

/**
 * SPEC.md's "Categories" and its two image links. Each shows the newest listing's cover of its category, or
 * a drawing while the category is empty.
 */
export function CategoryTiles({ covers }: { covers: Record<ListingType, ListingImage | null> }) {
  const imageBase = useImageBase();
  const { t, translate } = useI18n();
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="section-heading mb-4">
        {t("Categories")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6">
        {CATEGORIES.map((category) => {
          const cover = covers[category.type];
          const image = cover
            ? {
                ...imageSources(cover, imageBase),
                sizes: "(min-width: 80rem) 38rem, (min-width: 40rem) 46vw, 180px",
              }
            : { src: category.drawing, width: 400, height: 260 };
          return (
            <li key={category.to}>
              <Link
                to={category.to}
                // Explore's main way on: its code and first page load while the visitor looks, so the
                // category opens at once, and still opens (saying it could not fetch) if the network drops.
                prefetch="viewport"
                className="group relative block overflow-hidden rounded-2xl bg-surface-2 shadow-sm"
              >
                <img
                  {...image}
                  alt=""
                  // In a phone's first screen; small (400 px photos), so they need no priority over the
                  // Recommended strip's first cover, the page's largest paint.
                  className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] sm:aspect-[16/9] lg:aspect-[5/2]"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-3 pt-10 pb-3 text-base font-bold text-white sm:px-5 sm:pb-4 sm:text-2xl">
                  {translate(category.label)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
