DROP INDEX "user_username_lower_idx";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deletion_mode" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_deletion_due_idx" ON "user" USING btree ("deletion_requested_at") WHERE "user"."deletion_requested_at" is not null and "user"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_lower_idx" ON "user" USING btree (lower("username")) WHERE "user"."deleted_at" is null;