CREATE TABLE "post_creations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"section_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
ALTER TABLE "post_creations" ADD CONSTRAINT "post_creations_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_creations_author_idx" ON "post_creations" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_skeleton_idx" ON "user" USING btree ("username_skeleton");--> statement-breakpoint
-- Posts of the last two days still count towards the probation limit after this migration.
INSERT INTO "post_creations" ("author_id", "section_slug", "created_at") SELECT "author_id", "section_slug", "created_at" FROM "posts" WHERE "created_at" > now() - interval '2 days';