import { defineConfig, devices } from "@playwright/test";
import { SLOWNESS, scaled } from "./e2e/slowness";
import { JOURNEY_CHROMIUM } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// Browser journeys run against the real API serving the built SPA (scripts/e2e-server.mjs).
// Chromium comes from the system, its headless shell when installed (scripts/chromium.mjs);
// Playwright never downloads browsers here.

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: JOURNEY_CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

// The journeys that move the API's test clock (a period end, a payment left to expire, WhatsApp's
// 24-hour window, a website source's weekly re-sync) or read it as today's date: one at a time,
// once the others are done, so no journey finds time jumping under it.
const CLOCK = [
  "billing.spec.ts",
  "teams.spec.ts",
  "inbox.spec.ts",
  "whatsapp-journey.spec.ts",
  "knowledge-resync.spec.ts",
];
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two journeys at a time (each file's tests in order, in one worker): most of a journey's time is
  // waiting on the page and the network, and every journey has accounts of its own.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Bounds that hold on a day when the machine is twice as slow as the slow-day rehearsal
  // (scripts/slow-day.mjs), where the longest plain journey took 14 s and a step 10 s and more;
  // journeys that do more set their own, at least twice their rehearsed time. Every bound is
  // multiplied by how slow the machine is today (PARLEY_TEST_SLOWNESS, measured by `pnpm test`:
  // e2e/slowness.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(20_000) },
  reporter: "list",
  use: {
    baseURL,
    screenshot: "only-on-failure",
    // A failure's trace keeps the DOM snapshots and sources, not the film strip: recording the
    // screencast cost Chromium 45 % more CPU on a 16-page-load measurement (42 s → 61 s).
    // On CI no trace: the clone is thrown away with it, and recording one for every journey (kept
    // only on failure) cost the browser and the runner a quarter more CPU (roles.spec.ts,
    // 2026-11-30: 38.5 s with it, 30.5 s without, two runs each). A failure there still prints its
    // error and where; E2E_TRACE=on records traces on CI too.
    trace:
      process.env.CI && process.env.E2E_TRACE !== "on"
        ? "off"
        : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    reducedMotion: "reduce",
  },
  projects: [
    { name: "chromium", use: browser, testIgnore: CLOCK },
    { name: "clock", use: browser, testMatch: CLOCK, dependencies: ["chromium"], workers: 1 },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: scaled(180_000),
    stdout: "pipe",
    stderr: "pipe",
    // The auth service and the mailbox sit beside the API (scripts/e2e-server.mjs); tests read the
    // same variables (e2e/identity-helpers.ts), so a run on other ports stays consistent.
    env: {
      E2E_PORT: String(port),
      E2E_AUTH_PORT: process.env.E2E_AUTH_PORT ?? String(port + 1),
      E2E_MAIL_PORT: process.env.E2E_MAIL_PORT ?? String(port + 2),
      PARLEY_TEST_SLOWNESS: String(SLOWNESS),
    },
    // SIGTERM (not the default SIGKILL) so the server script can delete its temp data dir.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
