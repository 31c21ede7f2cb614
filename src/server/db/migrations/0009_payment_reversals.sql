CREATE TABLE "payment_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"status" text NOT NULL,
	"last_event_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "taken_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "purchase_payment_id" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "purchase_bonus_revoked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "purchase_bonus_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_intent_idx" ON "payment_reversals" USING btree ("payment_intent_id");--> statement-breakpoint
-- Hand-written backfill (ADR 024): refunds recorded before payment_reversals existed keep counting,
INSERT INTO "payment_reversals" ("id", "provider", "kind", "payment_intent_id", "amount_yen", "status", "last_event_id") SELECT 'refund:legacy:' || "id", "provider", 'refund', "payment_intent_id", "refunded_yen", 'refunded', 'legacy' FROM "payments" WHERE "refunded_yen" > 0 AND "payment_intent_id" IS NOT NULL;--> statement-breakpoint
-- what they took is what they accounted for less the recorded shortfalls,
UPDATE "payments" SET "taken_credits" = greatest(0, "refunded_credits" - coalesce((SELECT sum("shortfall_credits") FROM "payment_incidents" WHERE "payment_incidents"."kind" = 'refund_shortfall' AND "payment_incidents"."session_id" = "payments"."session_id"), 0)) WHERE "refunded_credits" > 0;--> statement-breakpoint
-- and a bonus already paid belongs to the referred user's first completed purchase.
UPDATE "referrals" SET "purchase_payment_id" = (SELECT "payments"."id" FROM "payments" WHERE "payments"."user_id" = "referrals"."referred_user_id" AND "payments"."completed_at" IS NOT NULL ORDER BY "payments"."completed_at" LIMIT 1) WHERE "purchase_bonus_given" = 1;
