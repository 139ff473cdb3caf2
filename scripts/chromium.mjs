// Which Chromium the browser tests launch. Playwright never downloads one here: both come from
// Debian.
//
// The journeys run in Chromium's headless shell (Debian's chromium-headless-shell) when it is
// installed: the same engine as the browser, without the browser's own shell around it, and about
// a third less CPU on a journey (e2e/roles.spec.ts, 2026-11-30: 19 s against 29 s of the client's
// CPU, two runs each). The suite is CPU-bound on a 2-core machine, so that is minutes of every
// run. A test that needs the whole browser (a profile's settings, as the blocked third-party
// cookies test reads them) launches FULL_CHROMIUM.
import { existsSync } from "node:fs";

/** The whole browser: CHROMIUM_PATH, else Debian's. */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** What the journeys launch: CHROMIUM_HEADLESS_PATH, else the headless shell, else the whole browser. */
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_HEADLESS_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
