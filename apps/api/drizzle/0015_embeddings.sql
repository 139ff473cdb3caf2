CREATE TABLE "knowledge_chunk_vectors" (
	"chunk_id" bigint NOT NULL,
	"chatbot_id" text NOT NULL,
	"model" text NOT NULL,
	"dims" integer NOT NULL,
	"vector" "bytea" NOT NULL,
	CONSTRAINT "knowledge_chunk_vectors_chunk_id_model_pk" PRIMARY KEY("chunk_id","model")
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "embeddings_base_url" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "embeddings_model" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "embeddings_api_key" text;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "embedding_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "embedding_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "embedding_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "embedding_error" text;--> statement-breakpoint
ALTER TABLE "knowledge_chunk_vectors" ADD CONSTRAINT "knowledge_chunk_vectors_chunk_id_knowledge_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."knowledge_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunk_vectors" ADD CONSTRAINT "knowledge_chunk_vectors_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunk_vectors_bot_idx" ON "knowledge_chunk_vectors" USING btree ("chatbot_id","model","chunk_id");