/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the hosted auth app lives (its `/auth` page signs users in). */
  readonly VITE_AUTH_URL?: string;
  /** Extra public routes, comma-separated (`/launch,/partners/:slug`); every other app route needs sign-in. */
  readonly VITE_PUBLIC_ROUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
