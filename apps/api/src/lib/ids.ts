import { randomBytes } from "node:crypto";

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Public ids are a short prefix plus 20 random base62 characters (`cb_…`, `trk_…`, `plan_…`). */
export type IdPrefix =
  | "plan"
  | "cb"
  | "src"
  | "sync"
  | "conv"
  | "msg"
  | "trk"
  | "sub"
  | "evt"
  | "ctc"
  | "chg"
  | "pev"
  | "job"
  | "vis"
  | "lead"
  | "aud"
  | "key"
  | "wh"
  | "whd"
  | "wha"
  | "chn";

export function newId(prefix: IdPrefix) {
  const bytes = randomBytes(20);
  let out = "";
  for (const b of bytes) out += alphabet[b % 62];
  return `${prefix}_${out}`;
}
