-- Realtime fan-out (docs/product-decisions.md §6): changes announce themselves with pg_notify, which Postgres
-- delivers only when the transaction commits, to every listening server process. A rolled-back
-- spend never reaches a browser, and a balance is never shown before it is true.
CREATE OR REPLACE FUNCTION faq_notify_balance() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('faq_realtime', json_build_object(
    'kind', 'balance', 'userId', NEW.id, 'credits', NEW.credits, 'reserved', NEW.reserved_credits
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_balance_notify AFTER UPDATE OF credits, reserved_credits ON users
  FOR EACH ROW WHEN (OLD.credits IS DISTINCT FROM NEW.credits
    OR OLD.reserved_credits IS DISTINCT FROM NEW.reserved_credits)
  EXECUTE FUNCTION faq_notify_balance();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faq_notify_generation() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('faq_realtime', json_build_object(
    'kind', 'generation', 'id', NEW.id, 'userId', NEW.user_id, 'status', NEW.status,
    'stage', NEW.stage, 'progress', NEW.progress, 'message', NEW.message
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER faq_generations_progress_notify AFTER UPDATE ON faq_generations
  FOR EACH ROW WHEN (OLD.progress IS DISTINCT FROM NEW.progress
    OR OLD.stage IS DISTINCT FROM NEW.stage
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.message IS DISTINCT FROM NEW.message)
  EXECUTE FUNCTION faq_notify_generation();
--> statement-breakpoint
-- Messages can exceed NOTIFY's 8000-byte limit: only the id travels, listeners read the row.
CREATE OR REPLACE FUNCTION faq_notify_message() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('faq_realtime', json_build_object(
    'kind', 'message', 'id', NEW.id, 'channel', NEW.channel
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER realtime_messages_notify AFTER INSERT ON realtime_messages
  FOR EACH ROW EXECUTE FUNCTION faq_notify_message();
