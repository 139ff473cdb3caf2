import { Inflate } from "fflate";
import { IngestError } from "./ingest-error";

/**
 * Limits for ZIP-based documents (DOCX), checked before any parser inflates them. Real Word files
 * are a few dozen entries and a document.xml of a few MB; a zip bomb is a 1 MB file whose XML
 * inflates to hundreds of MB.
 */
export const ZIP_LIMITS = {
  entries: 2_000,
  /** Inflated bytes of any single entry. */
  entryBytes: 64 * 1024 * 1024,
  /** Inflated bytes of all entries together. */
  totalBytes: 256 * 1024 * 1024,
};

const TOO_BIG =
  "This Word document unpacks to more than a source may hold (it may be a zip bomb). Split it into smaller documents.";
const DAMAGED = "This Word document could not be read. It may be damaged; try saving it again as .docx.";

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/** Entries listed by the central directory (the ZIP's table of contents), without inflating. */
function centralDirectory(data: Buffer, limits: typeof ZIP_LIMITS): Entry[] {
  // The end-of-central-directory record sits in the last 64 KB + 22 bytes.
  const from = Math.max(0, data.length - 65_557);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new IngestError(DAMAGED);
  const count = data.readUInt16LE(eocd + 10);
  const size = data.readUInt32LE(eocd + 12);
  const offset = data.readUInt32LE(eocd + 16);
  // ZIP64 markers: no Word document within any plan's upload limit needs them.
  if (count === 0xffff || offset === 0xffffffff) throw new IngestError(TOO_BIG);
  if (count > limits.entries) throw new IngestError(TOO_BIG);
  if (offset + size > data.length) throw new IngestError(DAMAGED);
  const entries: Entry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) throw new IngestError(DAMAGED);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    entries.push({
      method: data.readUInt16LE(p + 10),
      compressedSize: data.readUInt32LE(p + 20),
      declaredSize: data.readUInt32LE(p + 24),
      localOffset: data.readUInt32LE(p + 42),
      name: data.toString("utf8", p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one entry into nothing, counting bytes, and stops as soon as it passes `cap`. */
function inflatedSize(data: Buffer, entry: Entry, cap: number): number {
  const p = entry.localOffset;
  if (p + 30 > data.length || data.readUInt32LE(p) !== 0x04034b50) throw new IngestError(DAMAGED);
  const start = p + 30 + data.readUInt16LE(p + 26) + data.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > data.length) throw new IngestError(DAMAGED);
  if (entry.method === 0) return entry.compressedSize;
  if (entry.method !== 8) throw new IngestError(DAMAGED);
  let total = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > cap) over = true;
  });
  // Small steps: one step of highly compressed input can inflate to ~1000 times its size.
  const STEP = 4096;
  for (let at = start; at < end && !over; at += STEP) {
    const stop = Math.min(end, at + STEP);
    try {
      inflate.push(data.subarray(at, stop), stop === end);
    } catch {
      throw new IngestError(DAMAGED);
    }
  }
  return over ? cap + 1 : total;
}

/**
 * Refuses a ZIP whose entries, declared or actually inflated, exceed the limits — before a
 * parser (mammoth, via JSZip) inflates it whole. Every entry is checked, since relationships can
 * point a parser at any of them.
 */
export function assertSafeZip(data: Buffer, limits = ZIP_LIMITS): void {
  const entries = centralDirectory(data, limits);
  let total = 0;
  for (const entry of entries) {
    if (entry.declaredSize > limits.entryBytes) throw new IngestError(TOO_BIG);
    const cap = Math.min(limits.entryBytes, limits.totalBytes - total);
    const actual = inflatedSize(data, entry, cap);
    if (actual > cap) throw new IngestError(TOO_BIG);
    // A size that lies about itself is a forged archive, not a damaged save.
    if (actual !== entry.declaredSize) throw new IngestError(TOO_BIG);
    total += actual;
  }
}
