import i18next, { type i18n } from "i18next";
import type { Resources } from "../locales/en/index";
import { directionOf, type Language } from "./languages";
import type { MessageTable } from "./server-messages";

export * from "./format";
export * from "./languages";
export { lookupServerMessage, serverMessageFor } from "./server-messages";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
    returnNull: false;
  }
}

export type Namespace = keyof Resources;
export const NAMESPACES = [
  "common",
  "errors",
  "site",
  "app",
  "dashboard",
  "account",
  "team",
  "billing",
  "builder",
  "botLanguages",
  "inbox",
  "auth",
  "mail",
] as const;

interface Bundle {
  resources: Record<string, unknown>;
  server: MessageTable;
}

/** One chunk per language, fetched when a page first needs it (English is not in Arabic's). */
const bundles: Record<Language, () => Promise<Bundle>> = {
  en: async () => ({ resources: (await import("../locales/en/index")).default, server: {} }),
  ar: async () => {
    const [resources, server] = await Promise.all([
      import("../locales/ar/index"),
      import("../locales/ar/server"),
    ]);
    return { resources: resources.default, server: server.default };
  },
};

const serverTables = new Map<Language, MessageTable>();

/** The loaded language's table of server messages (empty for English, and before loading). */
export function serverTableOf(language: Language): MessageTable {
  return serverTables.get(language) ?? {};
}

/** Loads a language's catalog into `instance` (once) so that `changeLanguage` can switch to it. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, "common") && serverTables.has(language)) return;
  const bundle = await bundles[language]();
  for (const [ns, resources] of Object.entries(bundle.resources)) {
    instance.addResourceBundle(language, ns, resources, true, true);
  }
  serverTables.set(language, bundle.server);
}

/** An i18next instance for `language`, its catalog loaded, ready before the first render. */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    // No silent English inside an Arabic page: every key exists in both (catalogs.test.ts).
    fallbackLng: false,
    supportedLngs: ["en", "ar"],
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  return instance;
}

export type { i18n };
export { directionOf };
