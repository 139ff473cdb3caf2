import { relations, sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * better-auth's tables, written by hand in the shape its drizzle generator emits for our plugins
 * (core + jwt + admin + organization) — the `auth` CLI needs Node 22. Table keys and column property names are
 * what the adapter addresses; SQL names are snake_case through the db's `casing`. better-auth
 * checks this shape at runtime (`advanced.database.validateSchema`), so a drift fails loudly.
 * Timestamps are timestamptz (house rule) where the generator would emit plain timestamp.
 */
const tz = { withTimezone: true } as const;

export const user = pgTable(
  "user",
  {
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
    // Parley: the language the user chose ("en" | "ar"; null = not chosen yet). Mails and the
    // access token's `locale` claim follow it; better-auth validates input (auth.ts additionalFields).
    locale: text(),
  },
  (t) => [
    check("user_locale_check", sql`${t.locale} is null or ${t.locale} in ('en', 'ar')`),
    // The operator's console finds people by the beginning of their address or name.
    index("user_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    index("user_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
  ],
);

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
    // organization plugin: the workspace the next access token is issued for (null = personal).
    activeOrganizationId: text(),
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

// organization plugin: workspaces. Every user's personal workspace has id = the user's id (made by
// a trigger on "user", migration 0002), so the API's owner ids are workspace ids without a rewrite.
export const organization = pgTable(
  "organization",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    logo: text(),
    createdAt: timestamp(tz).notNull(),
    metadata: text(),
  },
  (t) => [index("organization_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`)],
);

export const member = pgTable(
  "member",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text().default("agent").notNull(),
    createdAt: timestamp(tz).notNull(),
  },
  (t) => [
    index("member_organizationId_idx").on(t.organizationId),
    index("member_userId_idx").on(t.userId),
    uniqueIndex("member_org_user_uq").on(t.organizationId, t.userId),
  ],
);

export const invitation = pgTable(
  "invitation",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: text(),
    status: text().default("pending").notNull(),
    expiresAt: timestamp(tz).notNull(),
    createdAt: timestamp(tz).defaultNow().notNull(),
    inviterId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("invitation_organizationId_idx").on(t.organizationId),
    index("invitation_email_idx").on(t.email),
  ],
);

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

export const organizationRelations = relations(organization, ({ many }) => ({
  members: many(member),
  invitations: many(invitation),
}));

export const memberRelations = relations(member, ({ one }) => ({
  organization: one(organization, { fields: [member.organizationId], references: [organization.id] }),
  user: one(user, { fields: [member.userId], references: [user.id] }),
}));

export const invitationRelations = relations(invitation, ({ one }) => ({
  organization: one(organization, { fields: [invitation.organizationId], references: [organization.id] }),
  inviter: one(user, { fields: [invitation.inviterId], references: [user.id] }),
}));
