import { z } from "zod";
import { safeText } from "../common/text";

/** Every list of the public API pages so: 25 by default, at most 100 (the inbox's filters too). */
export const pageLimitSchema = z.coerce.number().int().min(1).max(100).default(25);

/** A list's page in a query: where the previous page ended (its `nextCursor`), and how many. */
export const pageQuerySchema = z.object({
  cursor: safeText().max(200).optional(),
  limit: pageLimitSchema,
});

/** A page of a list: its items, and where the next page starts. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    /** Pass back as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
