CREATE TABLE "safety_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry" text NOT NULL,
	"reason" text NOT NULL,
	"layer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safety_refusals" ADD CONSTRAINT "safety_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_refusals_user_id_created_at_idx" ON "safety_refusals" USING btree ("user_id","created_at");