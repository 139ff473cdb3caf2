import billing from "@parley/ui/locales/en/billing";
import dashboard from "@parley/ui/locales/en/dashboard";

type Tree = { readonly [key: string]: string | Tree };
type PluralSuffix = "_zero" | "_one" | "_two" | "_few" | "_many" | "_other";

/** Every key of a catalog as `t` takes it: "a.b.c", a plural "x_one"/"x_other" as "x". */
export type KeyOf<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer B}${PluralSuffix}`
      ? `${P}${B}`
      : `${P}${K}`
    : KeyOf<T[K], `${P}${K}.`>;
}[keyof T & string];

export type BillingKey = KeyOf<typeof billing>;
export type DashboardKey = KeyOf<typeof dashboard>;
export type TextParams = Record<string, string | number>;

/**
 * Words one catalog key of a namespace. Helpers outside React (the flows, the pure helpers)
 * take one: the components pass their `t` (see `use-wording.ts`), in the reader's language; the
 * English below is their default, which is what the unit tests read (the spec's English).
 */
export type Wording<K extends string> = (key: K, params?: TextParams) => string;

function lookup(tree: Tree, key: string, params: TextParams | undefined): string {
  let node: string | Tree | undefined = tree;
  const parts = key.split(".");
  const last = parts.pop() ?? "";
  for (const part of parts) node = typeof node === "object" ? node[part] : undefined;
  const parent = typeof node === "object" ? node : {};
  const count = params?.count;
  const plural =
    typeof count === "number" ? parent[`${last}_${new Intl.PluralRules("en").select(count)}`] : undefined;
  const text = typeof plural === "string" ? plural : parent[last];
  if (typeof text !== "string") return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}

/** The spec's English, straight from the English catalogs. */
export const englishBilling: Wording<BillingKey> = (key, params) => lookup(billing, key, params);
export const englishDashboard: Wording<DashboardKey> = (key, params) => lookup(dashboard, key, params);
