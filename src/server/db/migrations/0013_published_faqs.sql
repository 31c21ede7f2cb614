CREATE TABLE "published_faq_opens" (
	"published_id" text NOT NULL,
	"question" text NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "published_faq_opens_published_id_question_pk" PRIMARY KEY("published_id","question")
);
--> statement-breakpoint
CREATE TABLE "published_faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"generation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"slug" text NOT NULL,
	"business_name" text NOT NULL,
	"noindex" boolean DEFAULT false NOT NULL,
	"unpublished_at" timestamp (3) with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "published_faq_opens" ADD CONSTRAINT "published_faq_opens_published_id_published_faqs_id_fk" FOREIGN KEY ("published_id") REFERENCES "public"."published_faqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_faqs" ADD CONSTRAINT "published_faqs_generation_id_faq_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."faq_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_faqs" ADD CONSTRAINT "published_faqs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "published_faqs_slug_unique" ON "published_faqs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "published_faqs_generation_unique" ON "published_faqs" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "published_faqs_user_idx" ON "published_faqs" USING btree ("user_id");