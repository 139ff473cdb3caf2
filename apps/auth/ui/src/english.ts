/**
 * The English words of errors.ts's keys, without i18next: for tests and the e2e journeys, which
 * compare what a page shows with what errors.ts chose (`e2e/auth-errors.spec.ts`). The app itself
 * translates with `useText` (text.ts) and never imports this file, so the English catalog stays
 * out of the Arabic bundle.
 */
import auth from "@parley/ui/locales/en/auth";
import { describeOAuthError, type RedirectError, type Text } from "./errors";

type Tree = { readonly [key: string]: string | Tree };

export function inEnglish(text: Text): string {
  const values = text.values ?? {};
  const count = values.count;
  const path = text.key.split(".");
  let node: string | Tree | undefined = auth as unknown as Tree;
  for (const [i, part] of path.entries()) {
    const parent: string | Tree | undefined = node;
    if (typeof parent !== "object") break;
    const plural: string | Tree | undefined =
      i === path.length - 1 && typeof count === "number"
        ? parent[`${part}_${count === 1 ? "one" : "other"}`]
        : undefined;
    node = plural ?? parent[part];
  }
  if (typeof node !== "string") throw new Error(`no English text for auth:${text.key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** `describeOAuthError` with its title and message in English (what an English page shows). */
export function describeOAuthErrorInEnglish(raw: string | null): Omit<RedirectError, "title" | "message"> & {
  title: string;
  message: string;
} {
  const text = describeOAuthError(raw);
  return { ...text, title: inEnglish(text.title), message: inEnglish(text.message) };
}
