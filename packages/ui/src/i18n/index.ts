import i18next, { type i18n, type ResourceKey } from "i18next";
import type { Resources } from "../locales/en/index";
import { directionOf, isLanguage, type Language } from "./languages";
import type { MessageTable } from "./server-messages";

export * from "./format";
export * from "./languages";
export type { ServerMessageKey } from "./server-catalog";
export {
  fillServerMessage,
  type KeyedMessage,
  type MessageValues,
  serverMessageFor,
  translateServerMessage,
} from "./server-messages";

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
  "pages",
  "app",
  "dashboard",
  "account",
  "team",
  "webhooks",
  "billing",
  "builder",
  "botLanguages",
  "inbox",
  "auth",
  "mail",
  "developers",
  "admin",
] as const;

type Loader = () => Promise<{ default: unknown }>;

/**
 * One chunk per language and namespace, fetched when a page first needs it: the home page loads
 * `common`, `errors` and `site`; the builder's words arrive with the builder. English is never in
 * an Arabic page's downloads, nor the reverse.
 */
const catalogs: Record<Language, Record<Namespace, Loader>> = {
  en: {
    common: () => import("../locales/en/common"),
    errors: () => import("../locales/en/errors"),
    site: () => import("../locales/en/site"),
    pages: () => import("../locales/en/pages"),
    app: () => import("../locales/en/app"),
    dashboard: () => import("../locales/en/dashboard"),
    account: () => import("../locales/en/account"),
    team: () => import("../locales/en/team"),
    webhooks: () => import("../locales/en/webhooks"),
    billing: () => import("../locales/en/billing"),
    builder: () => import("../locales/en/builder"),
    botLanguages: () => import("../locales/en/botLanguages"),
    inbox: () => import("../locales/en/inbox"),
    auth: () => import("../locales/en/auth"),
    mail: () => import("../locales/en/mail"),
    developers: () => import("../locales/en/developers"),
    admin: () => import("../locales/en/admin"),
  },
  ar: {
    common: () => import("../locales/ar/common"),
    errors: () => import("../locales/ar/errors"),
    site: () => import("../locales/ar/site"),
    pages: () => import("../locales/ar/pages"),
    app: () => import("../locales/ar/app"),
    dashboard: () => import("../locales/ar/dashboard"),
    account: () => import("../locales/ar/account"),
    team: () => import("../locales/ar/team"),
    webhooks: () => import("../locales/ar/webhooks"),
    billing: () => import("../locales/ar/billing"),
    builder: () => import("../locales/ar/builder"),
    botLanguages: () => import("../locales/ar/botLanguages"),
    inbox: () => import("../locales/ar/inbox"),
    auth: () => import("../locales/ar/auth"),
    mail: () => import("../locales/ar/mail"),
    developers: () => import("../locales/ar/developers"),
    admin: () => import("../locales/ar/admin"),
  },
};

const serverLoaders: Record<Language, () => Promise<MessageTable>> = {
  en: async () => ({}),
  // The English catalog comes with it: an English text sent without its code is matched there.
  ar: async () => {
    const [{ default: table }, { serverCatalog }, { registerServerCatalog }] = await Promise.all([
      import("../locales/ar/server"),
      import("./server-catalog"),
      import("./server-match"),
    ]);
    registerServerCatalog(serverCatalog);
    return table;
  },
};

/** i18next's backend interface over the loaders above (a namespace is read once per language). */
const lazyCatalogs = {
  type: "backend" as const,
  init() {},
  read(language: string, namespace: string, done: (error: Error | null, data: ResourceKey | false) => void) {
    const load = isLanguage(language) ? catalogs[language][namespace as Namespace] : undefined;
    if (!load) {
      done(new Error(`no catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => done(null, module.default as ResourceKey),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const serverTables = new Map<Language, MessageTable>();

/** The loaded language's table of server messages (empty for English, and before loading). */
export function serverTableOf(language: Language): MessageTable {
  return serverTables.get(language) ?? {};
}

async function loadServerTable(language: Language): Promise<void> {
  if (!serverTables.has(language)) serverTables.set(language, await serverLoaders[language]());
}

/** Loads a language (its namespaces in use, and its server messages) so `changeLanguage` is instant. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  await Promise.all([instance.loadLanguages(language), loadServerTable(language)]);
}

export interface CreateI18nOptions {
  /**
   * Namespaces loaded before the first render; the others load when a component first asks for
   * them (react-i18next suspends it meanwhile). Default: all of them (tests, server rendering).
   */
  preload?: readonly Namespace[];
}

/** An i18next instance for `language`, its first namespaces loaded, ready before the first render. */
export async function createI18n(language: Language, options: CreateI18nOptions = {}): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(lazyCatalogs);
  await Promise.all([
    instance.init({
      lng: language,
      // No silent English inside an Arabic page: every key exists in both (catalogs.test.ts).
      fallbackLng: false,
      supportedLngs: ["en", "ar"],
      ns: [...(options.preload ?? NAMESPACES)],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    }),
    loadServerTable(language),
  ]);
  return instance;
}

export { directionOf };
