import { Link } from "react-router";
// Imported, not in public/: Vite inlines these small drawings into the page's code, so they cost no request.
import rentImage from "#app/assets/category-rent.svg";
import saleImage from "#app/assets/category-sale.svg";
import type { Route } from "./+types/explore.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Explore homes for rent and for sale · Homestead" },
  { name: "description", content: "Browse places for rent and for sale, and offers from local owners." },
];

const categories = [
  { to: "/category/rent", label: "Places for rent", image: rentImage },
  { to: "/category/sale", label: "Places for sale", image: saleImage },
] as const;

export default function Explore() {
  return (
    <main className="page">
      <h1 className="page-heading">Explore</h1>
      <h2 className="mb-4 text-xl font-bold">Categories</h2>
      <ul className="grid grid-cols-2 gap-4">
        {categories.map((category) => (
          <li key={category.to}>
            <Link to={category.to} prefetch="intent" className="group block">
              <img
                src={category.image}
                alt=""
                width={400}
                height={260}
                // The two pictures fill a phone's first screen; the first is the page's largest paint.
                fetchPriority="high"
                className="aspect-[40/26] w-full rounded-2xl object-cover shadow-sm transition group-hover:shadow-md"
              />
              <span className="mt-2 block font-semibold">{category.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
