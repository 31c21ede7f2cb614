-- Bonus claims become per canonical mailbox (ADR 023: Gmail dots and googlemail.com folded).
-- Every live account that confirmed its address has had its bonus: claim its mailbox under
-- the new rule too. The expression is canonicalMailboxSql (src/server/lib/canonical-mailbox.ts).
INSERT INTO "email_bonus_claims" ("email_hash")
SELECT DISTINCT encode(sha256(convert_to('email-bonus:' || (
  CASE WHEN t.untagged ~ '^[^@]+@(gmail|googlemail)\.com$'
    THEN coalesce(nullif(replace(split_part(t.untagged, '@', 1), '.', ''), ''), split_part(t.untagged, '@', 1)) || '@gmail.com'
    ELSE t.untagged END
), 'UTF8')), 'hex')
FROM (
  SELECT regexp_replace(lower(btrim("email")), '^([^@+]+)\+[^@]*@', '\1@') AS untagged
  FROM "users"
  WHERE "email_confirmed_at" IS NOT NULL AND "deleted_at" IS NULL AND "shadow" = false
) AS t
ON CONFLICT ("email_hash") DO NOTHING;
