import { defineConfig, devices, type ReporterDescription } from "@playwright/test";
import { launchOptions } from "#tests/support/browser.ts";

const isCI = Boolean(process.env.CI);

const reporter: ReporterDescription[] = [["list"], ["html", { open: "never" }]];
// .ci/run asks for a machine-readable result to print its summary line.
if (process.env.E2E_JSON_REPORT) reporter.push(["json", { outputFile: process.env.E2E_JSON_REPORT }]);

/**
 * End-to-end tests: Chromium against the production build started by tests/e2e/global-setup.ts, which also
 * sets E2E_BASE_URL. Workers run tests in parallel against one shared app instance, so every test creates
 * its own users and listings (unique e-mails) and never relies on what another test left behind.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: true,
  // Four on a 2-CPU machine: a browser test waits part of its time (page loads, hydration, toasts, polling
  // assertions), and four workers fill those waits where two left the CPUs idle (decision 060). E2E_WORKERS
  // overrides it.
  workers: Number(process.env.E2E_WORKERS) || 4,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  reporter,
  // Tests start signed in by writing the session (tests/support/sessions.ts); the few that go through the sign-up
  // form and its e-mail take up to 20 s of this on a busy 2-core machine. Longer journeys set their own. The
  // list pages draw their map on a desktop's width, so four workers keep both CPUs busy: a page can take 10 s
  // to answer there, and a journey of a dozen pages two minutes. A limit is a ceiling, not a wait.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    // Set by the global setup; the config is evaluated again in each worker, after the setup ran.
    baseURL: process.env.E2E_BASE_URL,
    screenshot: "only-on-failure",
    // A trace records every action's DOM and screen: on every test it cost the browser more CPU than the pages
    // themselves. CI retries a failed test once, with the trace; locally, `--trace on` asks for it.
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: "screenshots.spec.ts",
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      // Every screen at 390 and 1440 px, light and dark, into screenshots/ (docs/testing.md: Screenshots).
      name: "screenshots",
      testMatch: "screenshots.spec.ts",
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
  ],
});
