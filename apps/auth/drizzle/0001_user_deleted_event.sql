-- Every deleted user becomes a `user.deleted` event for the API, in the same transaction as the
-- delete: a crash can never lose the event, and no deletion path (self-service, admin, CLI, SQL)
-- can skip it. The delivery loop in src/events/outbox.ts sends and retries it.
CREATE FUNCTION "auth_user_deleted_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "auth_event_outbox" ("type", "data")
  VALUES ('user.deleted', jsonb_build_object('userId', OLD."id", 'email', OLD."email"));
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_deleted_event" AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "auth_user_deleted_event"();
