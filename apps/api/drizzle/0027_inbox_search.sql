-- contract: "tsv" is dropped and made again at once (in the migration's transaction), from the analysed text; every release reads it under the same name and type.
-- Inbox search analyses messages like the answer engine analyses knowledge (issue #35): the
-- analysed text (null when it is the content itself) is written by the API, and tsv is made from it.
ALTER TABLE "messages" ADD COLUMN "search_content" text;--> statement-breakpoint
ALTER TABLE "messages" drop column "tsv";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(search_content, content))) STORED;--> statement-breakpoint
CREATE INDEX "messages_tsv_idx" ON "messages" USING gin ("tsv");--> statement-breakpoint
-- Messages stored before this migration whose text the analysis changes (Arabic script, invisible
-- characters): the inbox.search-backlog job analyses them; the index is empty once it has.
CREATE INDEX "messages_search_backlog_idx" ON "messages" USING btree ("id") WHERE search_content is null and content ~ '[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u200B-\u200F\u2060-\u2064\u202A-\u202E\u2066-\u2069\u00AD]';
