import { type AnyPgColumn, text, timestamp } from "drizzle-orm/pg-core";

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A row's parent, by id: required, and the row is deleted with its parent. */
export const cascadeTo = (parent: () => AnyPgColumn) =>
  text().notNull().references(parent, { onDelete: "cascade" });
