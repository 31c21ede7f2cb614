import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Domains whose mailboxes ignore dots in the local part and which deliver to one namespace.
 * Google documents both: "dots don't matter in Gmail addresses" and googlemail.com is the same
 * service under another name (Germany, UK). Google Workspace domains are not here: there,
 * dots do matter.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const GMAIL_CANONICAL_DOMAIN = 'gmail.com';

/**
 * The mailbox an address delivers to, as far as the bonus rules (once per mailbox) need to
 * know it. Never used to sign in or to send mail: the account keeps the address as typed.
 *
 * 1. Case is folded everywhere (the domain is case-insensitive by RFC 5321; the local part may
 *    in theory be case-sensitive, but no mail service we know of gives 'Taro' and 'taro'
 *    different inboxes, and a wrong merge only withholds a one-time bonus).
 * 2. A `+tag` is removed from every local part (RFC 5233 subaddressing: Gmail, Outlook.com,
 *    iCloud, Fastmail, Proton and the usual Postfix/Exim setting), as ADR 013 already did.
 * 3. gmail.com and googlemail.com: dots are removed and the domain becomes gmail.com.
 *
 * Deliberately not applied (docs/adr/023-canonical-mailboxes-and-device-cookies.md): Yahoo's
 * '-' disposable addresses (their base name is chosen separately, not the account's name),
 * dots elsewhere (significant at Outlook.com and most hosts) and merging other providers'
 * domains (hotmail.com and outlook.com are separate namespaces).
 *
 * `canonicalMailboxSql` is the same rule for a column in SQL; a test keeps them equal.
 */
export function canonicalMailbox(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1);
  // An empty base ('+x@…') keeps its '+': there is no mailbox name to strip it down to.
  const local = lower.slice(0, at).split('+')[0] || lower.slice(0, at);
  if (!GMAIL_DOMAINS.has(domain)) return `${local}@${domain}`;
  return `${local.replaceAll('.', '') || local}@${GMAIL_CANONICAL_DOMAIN}`;
}

/**
 * `canonicalMailbox` of an SQL expression, for comparisons over stored addresses. The
 * migration that backfilled the bonus claims (0009) carries a copy of this expression.
 */
export function canonicalMailboxSql(email: AnyColumn | SQL): SQL {
  const untagged = sql`regexp_replace(lower(btrim(${email})), '^([^@+]+)\\+[^@]*@', '\\1@')`;
  const local = sql`split_part(${untagged}, '@', 1)`;
  return sql`(case when ${untagged} ~ '^[^@]+@(gmail|googlemail)\\.com$'
    then coalesce(nullif(replace(${local}, '.', ''), ''), ${local}) || '@gmail.com'
    else ${untagged} end)`;
}
