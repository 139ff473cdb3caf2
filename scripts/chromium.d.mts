/** The whole browser: CHROMIUM_PATH, else Debian's. */
export const FULL_CHROMIUM: string;
/** What the journeys launch: CHROMIUM_HEADLESS_PATH, else the headless shell, else the whole browser. */
export const JOURNEY_CHROMIUM: string;
