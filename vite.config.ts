import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "#tooling/bundle/client-chunks.ts";

export default defineConfig({
  // The server build's entry is our Express app (server/app.ts), which wraps React Router's handler, so the
  // whole server (routes, health check, shutdown) ships as one bundle.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter(), clientChunks()],
});
