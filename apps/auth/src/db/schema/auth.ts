import { relations } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * better-auth's tables, written by hand in the shape its drizzle generator emits for our plugins
 * (core + jwt + admin) — the `auth` CLI needs Node 22. Table keys and column property names are
 * what the adapter addresses; SQL names are snake_case through the db's `casing`. better-auth
 * checks this shape at runtime (`advanced.database.validateSchema`), so a drift fails loudly.
 * Timestamps are timestamptz (house rule) where the generator would emit plain timestamp.
 */
const tz = { withTimezone: true } as const;

export const user = pgTable("user", {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().default(false).notNull(),
  image: text(),
  createdAt: timestamp(tz).defaultNow().notNull(),
  updatedAt: timestamp(tz)
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
  // admin plugin
  role: text(),
  banned: boolean().default(false),
  banReason: text(),
  banExpires: timestamp(tz),
});

export const session = pgTable(
  "session",
  {
    id: text().primaryKey(),
    expiresAt: timestamp(tz).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp(tz).defaultNow().notNull(),
    updatedAt: timestamp(tz)
      .$onUpdate(() => new Date())
      .notNull(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // admin plugin
    impersonatedBy: text(),
  },
  (t) => [index("session_userId_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp(tz),
    refreshTokenExpiresAt: timestamp(tz),
    scope: text(),
    password: text(),
    createdAt: timestamp(tz).defaultNow().notNull(),
    updatedAt: timestamp(tz)
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("account_userId_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp(tz).notNull(),
    createdAt: timestamp(tz).defaultNow().notNull(),
    updatedAt: timestamp(tz)
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// jwt plugin: signing keys (private key encrypted with BETTER_AUTH_SECRET).
export const jwks = pgTable("jwks", {
  id: text().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: timestamp(tz).notNull(),
  expiresAt: timestamp(tz),
  alg: text(),
  crv: text(),
});

export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
