CREATE TABLE "affiliate_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "affiliate_visits_code_idx" ON "affiliate_visits" USING btree ("code","created_at");--> statement-breakpoint
CREATE INDEX "users_affiliate_code_idx" ON "users" USING btree ("affiliate_code") WHERE "users"."affiliate_code" is not null;