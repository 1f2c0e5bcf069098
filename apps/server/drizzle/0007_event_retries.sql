DROP INDEX "domain_events_undispatched_idx";--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "domain_events_dispatched_at_idx" ON "domain_events" USING btree ("dispatched_at") WHERE "domain_events"."dispatched_at" is not null;--> statement-breakpoint
CREATE INDEX "domain_events_parked_idx" ON "domain_events" USING btree ("parked_at") WHERE "domain_events"."parked_at" is not null;--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."dispatched_at" is null and "domain_events"."parked_at" is null;