import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// Browser journeys run against the real API serving the built SPA (scripts/e2e-server.mjs).
// Chromium comes from the system; Playwright never downloads browsers here.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    reducedMotion: "reduce",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    // The auth service and the mailbox sit beside the API (scripts/e2e-server.mjs); tests read the
    // same variables (e2e/identity-helpers.ts), so a run on other ports stays consistent.
    env: {
      E2E_PORT: String(port),
      E2E_AUTH_PORT: process.env.E2E_AUTH_PORT ?? String(port + 1),
      E2E_MAIL_PORT: process.env.E2E_MAIL_PORT ?? String(port + 2),
    },
    // SIGTERM (not the default SIGKILL) so the server script can delete its temp data dir.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
