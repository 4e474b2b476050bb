import { Link } from "react-router";
import rentSmall from "#app/assets/explore-rent-480.webp";
import rentLarge from "#app/assets/explore-rent-800.webp";
import saleSmall from "#app/assets/explore-sale-480.webp";
import saleLarge from "#app/assets/explore-sale-800.webp";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";

// Fixed pictures, the same for every visitor whatever was published last: a block of flats for rent, a house
// for sale. Both 3:2 at 480 and 800 px; `focus` keeps the building in the frame where a tile crops it.
const CATEGORIES = [
  {
    to: "/category/rent",
    label: msg("Places for rent"),
    small: rentSmall,
    large: rentLarge,
    focus: "object-[50%_10%]",
  },
  {
    to: "/category/sale",
    label: msg("Places for sale"),
    small: saleSmall,
    large: saleLarge,
    focus: "object-[50%_25%]",
  },
] as const;

/** SPEC.md's "Categories" and its two image links, each named by its text (the picture is decoration). */
export function CategoryTiles() {
  const { t, translate } = useI18n();
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="section-heading mb-4">
        {t("Categories")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6">
        {CATEGORIES.map((category) => (
          <li key={category.to}>
            <Link
              to={category.to}
              // Explore's main way on: its code and first page load while the visitor looks, so the
              // category opens at once, and still opens (saying it could not fetch) if the network drops.
              prefetch="viewport"
              className="group relative block overflow-hidden rounded-2xl bg-surface-2 shadow-sm"
            >
              <img
                src={category.small}
                srcSet={`${category.small} 480w, ${category.large} 800w`}
                sizes="(min-width: 80rem) 38rem, (min-width: 40rem) 46vw, 180px"
                width={800}
                height={533}
                alt=""
                // In a phone's first screen; small, so they need no priority over the Recommended strip's
                // first cover, the page's largest paint.
                className={`aspect-[4/3] w-full object-cover ${category.focus} transition-transform duration-300 group-hover:scale-[1.03] sm:aspect-[16/9] lg:aspect-[5/2]`}
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-3 pt-10 pb-3 text-base font-bold text-white sm:px-5 sm:pb-4 sm:text-2xl">
                {translate(category.label)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
