import { escapeHtml } from './escape-html.ts';
/**
 * The public pages are rendered at build time but show this server's settings (seller, brand,
 * support address). They are rendered with tokens in place of those values; the server fills
 * the tokens in and adds the settings as JSON so the browser's first render matches.
 */
import type { PublicConfig } from './public-config.ts';

const token = (name: string) => `__FAQ_KOBO_CONFIG_${name}__`;

export const PUBLIC_CONFIG_JSON_TOKEN = token('JSON');
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/** Tokens in every text field. */
export const PLACEHOLDER_PUBLIC_CONFIG: PublicConfig = {
  brandName: token('brandName'),
  projectId: token('projectId'),
  environment: 'production',
  supportEmail: token('supportEmail'),
  seller: {
    name: token('seller_name'),
    representative: token('seller_representative'),
    address: token('seller_address'),
    phone: token('seller_phone'),
    email: token('seller_email'),
  },
  payment: { methods: token('payment_methods'), timing: token('payment_timing') },
};

/** What the notice says when the server names no payment methods (card only). */
export const CARD_ONLY_PAYMENT = {
  methods: 'クレジットカード決済',
  timing: 'ご購入手続きの完了時にお支払いが確定します。',
} as const;

/** Puts a server's settings into a page rendered with the placeholder settings. */
export function fillPublicConfig(html: string, config: PublicConfig): string {
  const pairs: [string, string][] = [
    [PLACEHOLDER_PUBLIC_CONFIG.brandName, config.brandName],
    [PLACEHOLDER_PUBLIC_CONFIG.projectId, config.projectId],
    [PLACEHOLDER_PUBLIC_CONFIG.supportEmail, config.supportEmail],
    [PLACEHOLDER_PUBLIC_CONFIG.seller.name, config.seller.name],
    [PLACEHOLDER_PUBLIC_CONFIG.seller.representative, config.seller.representative],
    [PLACEHOLDER_PUBLIC_CONFIG.seller.address, config.seller.address],
    [PLACEHOLDER_PUBLIC_CONFIG.seller.phone, config.seller.phone],
    [PLACEHOLDER_PUBLIC_CONFIG.seller.email, config.seller.email],
    [PLACEHOLDER_PUBLIC_CONFIG.payment!.methods, (config.payment ?? CARD_ONLY_PAYMENT).methods],
    [PLACEHOLDER_PUBLIC_CONFIG.payment!.timing, (config.payment ?? CARD_ONLY_PAYMENT).timing],
  ];
  // The JSON first: it is not HTML, and `<` is escaped so it cannot end its script element.
  let filled = html.replaceAll(
    PUBLIC_CONFIG_JSON_TOKEN,
    JSON.stringify(config).replaceAll('<', '\\u003c'),
  );
  for (const [placeholder, value] of pairs)
    filled = filled.replaceAll(placeholder, escapeHtml(value));
  return filled;
}
