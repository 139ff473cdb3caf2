ALTER TABLE "chatbots" ADD COLUMN "model_api_key_last4" text;--> statement-breakpoint
-- Keys saved before sealing: keep what the dashboard may show (the last four characters of a key of
-- 12 or more). The API seals the plaintext values themselves when it boots
-- (chatbots.sealPlaintextModelKeys, called from server.ts): AES-GCM is not available in SQL here.
UPDATE "chatbots" SET "model_api_key_last4" = right("model_api_key", 4)
  WHERE "model_api_key" IS NOT NULL AND "model_api_key" NOT LIKE 'mk1.%' AND length("model_api_key") >= 12;
