ALTER TABLE "messages" ADD COLUMN "checkpoint_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "charged_day" date;--> statement-breakpoint
CREATE INDEX "messages_streaming_idx" ON "messages" USING btree ("checkpoint_at") WHERE "messages"."is_streaming";--> statement-breakpoint
CREATE UNIQUE INDEX "messages_rate_limit_window_idx" ON "messages" USING btree ("chat_id",("metadata"->>'limit_day')) WHERE "messages"."message_type" = 'rate_limit';