CREATE TABLE "crisis_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry" text NOT NULL,
	"kind" text NOT NULL,
	"layer" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "safety_scene" jsonb;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "safety_scene" SET DEFAULT '{"v":1,"turn":0,"entities":[]}'::jsonb;--> statement-breakpoint
CREATE INDEX "crisis_referrals_created_at_idx" ON "crisis_referrals" USING btree ("created_at");