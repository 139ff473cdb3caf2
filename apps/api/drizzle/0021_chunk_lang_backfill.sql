-- Chunks written before 0018 are all 'en'. Those with at least as many Arabic words as Latin ones
-- (detectLanguage in retrieval/arabic.ts, approximated with the same letter ranges) are marked
-- 'ar', so a bot's Arabic questions are ranked among them too. Their tsv stays the unanalysed one
-- until the source is indexed again (re-sync), which stores the analysed search text.
UPDATE "knowledge_chunks" SET "lang" = 'ar'
WHERE "lang" = 'en'
  AND (title || ' ' || body) ~ '[ء-ي]'
  AND (SELECT count(*) FROM regexp_matches(title || ' ' || body, '[ء-يٱ-ۓ]+', 'g'))
      >= (SELECT count(*) FROM regexp_matches(title || ' ' || body, '[A-Za-zÀ-ɏ]+', 'g'));--> statement-breakpoint
UPDATE "knowledge_bot_stats" s
SET "ar_chunks" = a.n, "ar_total_length" = a.len
FROM (SELECT chatbot_id, count(*)::int AS n, coalesce(sum(length(tsv)), 0)::bigint AS len
      FROM "knowledge_chunks" WHERE "lang" = 'ar' GROUP BY chatbot_id) a
WHERE s.chatbot_id = a.chatbot_id;
