/** Credit packs (spec §9). One constant for the pricing page and the server's checkout. */
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
  /** Only the free plan has one: the listed number of free generations a month. */
  monthlyLimit?: number;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: '無料プラン',
    priceYen: 0,
    credits: 50,
    description: 'まずはお試し。登録だけで50クレジットを進呈します。',
    features: [
      '登録時に50クレジット進呈',
      'URL・テキストからFAQ生成',
      'Word出力',
      '月5回までの生成',
    ],
    popular: false,
    buttonText: '無料で始める',
    monthlyLimit: 5,
  },
  {
    id: 'light',
    name: 'ライト',
    priceYen: 1000,
    credits: 100,
    description: '小規模サイトのFAQづくりに。',
    features: [
      '100クレジット（FAQ100件分）',
      'URL・テキスト・カテゴリーから生成',
      'Word出力',
      'メールサポート',
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
      '複数の回答者（最大5名）',
      'Word出力',
      '優先サポート',
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
      '複数の回答者（最大5名）',
      'Word出力',
      '優先サポート',
      'API連携（近日提供予定）',
    ],
    popular: false,
    buttonText: 'プロを購入',
  },
] as const;

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
