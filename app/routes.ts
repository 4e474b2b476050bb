import { index, type RouteConfig, route } from "@react-router/dev/routes";

// SPEC.md section 2, one line per screen, then the resource routes.
export default [
  index("routes/explore.tsx"),
  route("offers", "routes/offers.tsx"),
  route("category/:categoryName", "routes/category.tsx"),
  route("category/:categoryName/:listingId", "routes/listing.tsx"),
  route("profile", "routes/profile.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-up", "routes/sign-up.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("create-listing", "routes/create-listing.tsx"),
  route("edit-listing/:listingId", "routes/edit-listing.tsx"),
  route("contact/:landlordId", "routes/contact.tsx"),
  route("logout", "routes/logout.ts"),
  route("auth/google", "routes/auth.google.ts"),
  route("auth/google/done", "routes/auth.google-done.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/uploads/*", "routes/api.uploads.ts"),
  route("images/*", "routes/images.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
