/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the hosted auth app lives (its `/auth` page signs users in). */
  readonly VITE_AUTH_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
