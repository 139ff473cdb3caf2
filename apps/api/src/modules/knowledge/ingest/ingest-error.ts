/** A source could not be read, for a reason the account can act on (shown as the source's error). */
export class IngestError extends Error {
  override name = "IngestError";
}
