import { MAX_RESPONDERS, SIGNUP_BONUS_CREDITS } from './limits.ts';

/**
 * How the sign-up credits are earned, in the words every public page uses: they come with
 * confirming the address (email-confirmation.ts), once per mailbox (ADR 023), not with sign-up.
 */
export const SIGNUP_BONUS_TERMS = `登録してメールアドレスを確認すると${SIGNUP_BONUS_CREDITS}クレジット`;

/**
 * Credit packs (docs/spec.md §9). One constant for the pricing page and the server's checkout.
 * Every feature is open to every account; packs differ only in credits and unit price (ADR 014).
 */
export type PlanId = 'free' | 'light' | 'standard' | 'pro';

export interface Plan {
  id: PlanId;
  name: string;
  priceYen: number;
  credits: number;
  description: string;
  features: string[];
  popular: boolean;
  buttonText: string;
  /**
   * A monthly cap on generations. No plan sets one: credits are the only limit (ADR 014);
   * the field stays for the spec's data model.
   */
  monthlyLimit?: number;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: '無料プラン',
    priceYen: 0,
    credits: SIGNUP_BONUS_CREDITS,
    description: `まずはお試し。${SIGNUP_BONUS_TERMS}を進呈します。`,
    features: [
      `メールアドレスの確認で${SIGNUP_BONUS_CREDITS}クレジット進呈（FAQ${SIGNUP_BONUS_CREDITS}件分）`,
      'すべての機能を利用可能',
      'クレジットカードの登録は不要',
    ],
    popular: false,
    buttonText: '無料で始める',
  },
  {
    id: 'light',
    name: 'ライト',
    priceYen: 1000,
    credits: 100,
    description: '小規模サイトのFAQづくりに。',
    features: [
      '100クレジット（FAQ100件分）',
      'FAQ1件あたり¥10',
      'すべての機能を利用可能',
      '買い切り（月額料金なし）',
    ],
    popular: false,
    buttonText: 'ライトを購入',
  },
  {
    id: 'standard',
    name: 'スタンダード',
    priceYen: 4000,
    credits: 500,
    description: '複数のページやサービスのFAQをまとめて作成。',
    features: [
      '500クレジット（FAQ500件分）',
      'FAQ1件あたり¥8',
      'すべての機能を利用可能',
      '買い切り（月額料金なし）',
    ],
    popular: true,
    buttonText: 'スタンダードを購入',
  },
  {
    id: 'pro',
    name: 'プロ',
    priceYen: 12000,
    credits: 2000,
    description: '大規模なFAQ整備や複数サイトの運用に。',
    features: [
      '2,000クレジット（FAQ2,000件分）',
      'FAQ1件あたり¥6',
      'すべての機能を利用可能',
      '買い切り（月額料金なし）',
    ],
    popular: false,
    buttonText: 'プロを購入',
  },
] as const;

/**
 * What every plan can use: plans differ only in credits (ADR 014). Listed once on the
 * pricing page instead of as paid features.
 */
export const FEATURES_FOR_ALL: readonly string[] = [
  'URL・テキスト・カテゴリーからFAQを生成',
  `複数の回答者（最大${MAX_RESPONDERS}名）`,
  'Word・CSV・Markdown・HTML・JSON-LDで出力',
  '適格請求書対応の領収書（PDF）',
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
