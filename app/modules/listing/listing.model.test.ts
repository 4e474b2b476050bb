import { describe, expect, it } from "vitest";
import { FAILED_PAGE, type ListingsPage, orFailedPage } from "./listing.model.ts";

type CategoryPage = ListingsPage & { heading: string };
const page: CategoryPage = { heading: "Places for rent", listings: [], nextCursor: "abc", failed: false };

describe("orFailedPage (Load More and navigations in the browser)", () => {
  it("passes the server's page through", async () => {
    await expect(orFailedPage(async () => page, { heading: "Places for rent" })).resolves.toBe(page);
  });

  it("turns a network failure into the failed page, keeping the route's other data", async () => {
    const result = await orFailedPage<CategoryPage>(
      async () => {
        throw new TypeError("Failed to fetch");
      },
      { heading: "Places for rent" },
    );
    expect(result).toEqual({ heading: "Places for rent", ...FAILED_PAGE });
  });

  it("lets a response the server threw (404 for an unknown category) reach the error boundary", async () => {
    const notFound = new Response(null, { status: 404 });
    await expect(orFailedPage<CategoryPage>(() => Promise.reject(notFound), { heading: "" })).rejects.toBe(
      notFound,
    );
    const routeError = { status: 404, statusText: "Not Found", internal: false, data: null };
    await expect(orFailedPage<CategoryPage>(() => Promise.reject(routeError), { heading: "" })).rejects.toBe(
      routeError,
    );
  });

  it("turns a server error (a 500 or a proxy's 502) into the failed page", async () => {
    for (const status of [500, 502, 503]) {
      const serverError = { status, statusText: "", internal: false, data: "Internal Server Error" };
      await expect(
        orFailedPage<CategoryPage>(() => Promise.reject(serverError), { heading: "Places for rent" }),
      ).resolves.toEqual({ heading: "Places for rent", ...FAILED_PAGE });
      const response = new Response(null, { status });
      await expect(
        orFailedPage<CategoryPage>(() => Promise.reject(response), { heading: "Places for rent" }),
      ).resolves.toEqual({ heading: "Places for rent", ...FAILED_PAGE });
    }
  });
});
