DROP INDEX "users_email_unique";--> statement-breakpoint
ALTER TABLE "faq_generations" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "faq_generations" ADD COLUMN "crawl_host" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shadow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email") WHERE "shadow" = false;