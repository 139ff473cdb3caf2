CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviter_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'agent' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone NOT NULL,
	"metadata" text,
	CONSTRAINT "organization_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_organization_id" text;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_organizationId_idx" ON "invitation" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "invitation" USING btree ("email");--> statement-breakpoint
CREATE INDEX "member_organizationId_idx" ON "member" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "member_userId_idx" ON "member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_org_user_uq" ON "member" USING btree ("organization_id","user_id");--> statement-breakpoint
-- Personal workspaces. Every user owns one whose id IS the user's id, so every owner id the API
-- already stores is a valid workspace id: existing data moves to the personal workspace without
-- being rewritten. Existing users get theirs here; new users get theirs from the trigger below, in
-- the same transaction as the user row, whatever path created it (sign-up, social, admin, CLI).
-- "Ada Lovelace's workspace" (or the e-mail's local part when there is no name): what invitation
-- e-mails and the workspace switcher show.
CREATE FUNCTION "auth_personal_workspace_name"(name text, email text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT left(coalesce(nullif(btrim(name), ''), split_part(email, '@', 1)), 100) || '''s workspace'
$$;
--> statement-breakpoint
CREATE FUNCTION "auth_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "organization" ("id", "name", "slug", "created_at", "metadata")
  VALUES (NEW."id", "auth_personal_workspace_name"(NEW."name", NEW."email"), 'personal-' || NEW."id", now(), '{"personal":true}')
  ON CONFLICT DO NOTHING;
  INSERT INTO "member" ("id", "organization_id", "user_id", "role", "created_at")
  VALUES ('own_' || NEW."id", NEW."id", NEW."id", 'owner', now())
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_personal_workspace" AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION "auth_personal_workspace"();
--> statement-breakpoint
-- A deleted user's personal workspace goes with them (members and invitations cascade).
CREATE FUNCTION "auth_personal_workspace_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "organization" WHERE "id" = OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_personal_workspace_deleted" AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "auth_personal_workspace_deleted"();
--> statement-breakpoint
INSERT INTO "organization" ("id", "name", "slug", "created_at", "metadata")
  SELECT "id", "auth_personal_workspace_name"("name", "email"), 'personal-' || "id", "created_at", '{"personal":true}' FROM "user"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "member" ("id", "organization_id", "user_id", "role", "created_at")
  SELECT 'own_' || "id", "id", "id", 'owner', "created_at" FROM "user"
  ON CONFLICT DO NOTHING;
