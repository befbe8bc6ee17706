CREATE TABLE "voice_agents" (
	"character_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"agent_id" text NOT NULL,
	"spec" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_agents_character_id_provider_pk" PRIMARY KEY("character_id","provider")
);
--> statement-breakpoint
ALTER TABLE "voice_agents" ADD CONSTRAINT "voice_agents_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_voice_call_active_idx" ON "messages" USING btree ("user_id") WHERE "messages"."voice_call_status" = 'active';