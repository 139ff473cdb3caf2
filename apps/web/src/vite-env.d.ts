/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the auth server lives (sessions, tokens); under `vite` dev only, the API tells built pages. */
  readonly VITE_AUTH_URL?: string;
  /** Where the auth app lives (its `/auth` page signs users in); default VITE_AUTH_URL. */
  readonly VITE_AUTH_APP_URL?: string;
  /** Extra public routes, comma-separated (`/launch,/partners/:slug`); every other app route needs sign-in. */
  readonly VITE_PUBLIC_ROUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
