import { parseWebUrl } from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { z } from "zod";

/**
 * What the settings form does with a write-only API key (the model's, the embeddings endpoint's):
 * keep the stored one, replace it with the one typed, or remove it. The key is never read back.
 */
export const keyActionSchema = z.enum(["keep", "replace", "remove"]);
export type KeyAction = z.infer<typeof keyActionSchema>;

/** The key as the PATCH sends it: the new key, null to remove it, or nothing (kept). */
export function keyUpdate(action: KeyAction, typed: string): string | null | undefined {
  if (action === "replace") return typed.trim();
  if (action === "remove") return null;
  return undefined;
}

/** "Replace" with nothing typed is a mistake the form catches before saving. */
export function needsNewKey(action: KeyAction, typed: string): boolean {
  return action === "replace" && typed.trim() === "";
}

export const isHttpUrl = (value: string) => parseWebUrl(value) !== null;

/** An optional endpoint address: empty (the server's default) or an http(s) URL. */
export const optionalUrlField = () =>
  z
    .string()
    .trim()
    .max(2000, en.validation.baseUrl)
    .refine((v) => v === "" || isHttpUrl(v), en.validation.baseUrl);
