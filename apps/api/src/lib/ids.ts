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
  | "chn"
  | "padt"
  | "rfd";

/**
 * Random bytes are drawn from the system in blocks (one call per 200 ids instead of one per id:
 * a burst of messages makes several ids each). A block's bytes are used once, in order.
 */
const BLOCK = 20 * 200;
let pool = Buffer.alloc(0);
let offset = BLOCK;

export function newId(prefix: IdPrefix) {
  if (offset + 20 > pool.length) {
    pool = randomBytes(BLOCK);
    offset = 0;
  }
  let out = "";
  for (let i = offset; i < offset + 20; i++) out += alphabet[(pool[i] as number) % 62];
  offset += 20;
  return `${prefix}_${out}`;
}
