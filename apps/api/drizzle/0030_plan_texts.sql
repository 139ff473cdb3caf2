-- Each plan keeps its words per language. Existing rows start with their English columns in every
-- language; the boot's catalogue seed then writes the catalogue plans' own Arabic (a plan added by
-- hand keeps its English in Arabic until someone writes its Arabic). Additive: the column stays
-- nullable, so a release from before it can still run beside this one (and boot, on a rollback).
ALTER TABLE "plans" ADD COLUMN "texts" jsonb;--> statement-breakpoint
UPDATE "plans" SET "texts" = jsonb_build_object(
  'en', jsonb_build_object('name', "name", 'description', "description", 'extras', "extra_features"),
  'ar', jsonb_build_object('name', "name", 'description', "description", 'extras', "extra_features")
);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_texts_every_language" CHECK ("plans"."texts" is null or coalesce(jsonb_typeof("plans"."texts"->'en'->'name') = 'string' and length("plans"."texts"->'en'->>'name') > 0 and jsonb_typeof("plans"."texts"->'en'->'description') = 'string' and jsonb_typeof("plans"."texts"->'en'->'extras') = 'array' and jsonb_typeof("plans"."texts"->'ar'->'name') = 'string' and length("plans"."texts"->'ar'->>'name') > 0 and jsonb_typeof("plans"."texts"->'ar'->'description') = 'string' and jsonb_typeof("plans"."texts"->'ar'->'extras') = 'array', false));
