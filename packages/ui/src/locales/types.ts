/**
 * Catalog shapes. English is the source: every other language must have the same keys (checked
 * by the compiler here, and by `catalogs.test.ts` at run time). Plurals follow i18next's
 * `Intl.PluralRules` suffixes: English writes `key_one` and `key_other`; Arabic, with six plural
 * forms, must write all six (`key_zero`, `key_one`, `key_two`, `key_few`, `key_many`, `key_other`).
 */
export const PLURAL_SUFFIXES = ["_zero", "_one", "_two", "_few", "_many", "_other"] as const;
type PluralSuffix = (typeof PLURAL_SUFFIXES)[number];

export type Catalog = { readonly [key: string]: string | Catalog };

/** The other language's version of an English catalog: same keys, every plural in all six forms. */
export type Translation<T> = {
  -readonly [K in keyof T as K extends `${string}${PluralSuffix}` ? never : K]: T[K] extends string
    ? string
    : Translation<T[K]>;
} & {
  -readonly [K in keyof T as K extends `${infer B}_other` ? `${B}${PluralSuffix}` : never]: string;
};
