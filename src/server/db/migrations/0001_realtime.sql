CREATE TABLE "realtime_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb,
	"user_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"connection_id" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_presence_connection_id_channel_pk" PRIMARY KEY("connection_id","channel")
);
--> statement-breakpoint
CREATE INDEX "realtime_messages_channel_created_idx" ON "realtime_messages" USING btree ("channel","created_at");--> statement-breakpoint
CREATE INDEX "realtime_presence_channel_idx" ON "realtime_presence" USING btree ("channel","last_seen");