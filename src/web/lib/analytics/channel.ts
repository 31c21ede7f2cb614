import type { Channel } from '../../../shared/analytics.ts';

const SEARCH_ENGINES =
  /(^|\.)(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|naver|goo|search\.brave)\./i;
const SOCIAL =
  /(^|\.)(facebook|fb|instagram|twitter|x|t|linkedin|line|lin|youtube|tiktok|pinterest|reddit|note|threads|hatena|b\.hatena)\.(com|me|co|jp|ne\.jp|net)$/i;

/**
 * Where a visit came from: utm_medium first (the site owner tagged the link), otherwise the
 * referrer's host. Visits from our own pages are direct navigation within the site.
 */
export function deriveChannel(
  utmMedium: string | null,
  referrer: string | null,
  ownHost: string,
): Channel {
  const medium = utmMedium?.trim().toLowerCase();
  if (medium) {
    if (/^(cpc|ppc|paidsearch|paid_search|paid-search|sem)$/.test(medium)) return 'paid_search';
    if (/^(display|banner|cpm|expandable|interstitial)$/.test(medium)) return 'display';
    if (/^(e-?mail|newsletter|mail)$/.test(medium)) return 'email';
    if (/^(social|social-network|social-media|sm|sns|social_paid|paid_social)$/.test(medium))
      return 'social';
    if (/^affiliates?$/.test(medium)) return 'affiliate';
    if (/^(organic)$/.test(medium)) return 'organic_search';
    if (/^(referral|link)$/.test(medium)) return 'referral';
    return 'other';
  }
  if (!referrer) return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (host === ownHost.toLowerCase()) return 'direct';
  if (SEARCH_ENGINES.test(host)) return 'organic_search';
  if (SOCIAL.test(host)) return 'social';
  return 'referral';
}
