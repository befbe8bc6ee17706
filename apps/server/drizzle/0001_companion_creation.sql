CREATE TABLE "catalogue_companions" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"age" integer NOT NULL,
	"summary" text NOT NULL,
	"ethnicity" text NOT NULL,
	"hair_color" text NOT NULL,
	"body_type" text NOT NULL,
	"breast_size" text NOT NULL,
	"butt" text NOT NULL,
	"skin_shade" text NOT NULL,
	"hairstyle" text NOT NULL,
	"personality" text NOT NULL,
	"occupation" text NOT NULL,
	"habit" text NOT NULL,
	"language_style" text NOT NULL,
	"communication_style" integer NOT NULL,
	"sexuality" integer NOT NULL,
	"mood" text NOT NULL,
	"temperament" text,
	"image" text,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_companions_age_adult" CHECK ("catalogue_companions"."age" between 18 and 70)
);
--> statement-breakpoint
CREATE TABLE "image_generations" (
	"user_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_generations_user_id_draft_id_pk" PRIMARY KEY("user_id","draft_id")
);
--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "temperament" text;--> statement-breakpoint
ALTER TABLE "image_generations" ADD CONSTRAINT "image_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;