import { LEADING_CONNECTIVE } from './fact-patterns.ts';

// The business's humble and serving verbs, said as a customer asks: 「ご案内しますか？」 →
// 「案内してもらえますか？」, 「ございますか？」 → 「ありますか？」.
const CUSTOMER_SIDE: [RegExp, string][] = [
  [/しておりますか？$/, 'していますか？'],
  [/ございますか？$/, 'ありますか？'],
  [/(?:ご|お)?案内しますか？$/, '案内してもらえますか？'],
  [/お出ししますか？$/, '出してもらえますか？'],
  [/をお付けしていますか？$/, 'が付いていますか？'],
  [/していただきますか？$/, 'できますか？'],
  [/(?:ご|お)([\p{Script=Han}]{2,4})いただいていますか？$/u, '$1していますか？'],
  [/承りますか？$/, 'お願いできますか？'],
  [/お受けしていますか？$/, 'お願いできますか？'],
  [/は(?:ご利用)?いただけますか？$/, 'はできますか？'],
  [/買い取りますか？$/, '買い取ってもらえますか？'],
  // 「…、買い物代行などに対応しています」 asked of the item named.
  [/などに対応していますか？$/, 'に対応していますか？'],
];

// 「お作りします」「お届けします」: what the shop does for the customer, asked as a favour.
const FAVOURS: Record<string, string> = {
  作り: '作って',
  届け: '届けて',
  預かり: '預かって',
  送り: '送って',
  渡し: '渡して',
  調べ: '調べて',
  貸し: '貸して',
  包み: '包んで',
};
const FAVOUR = new RegExp(`お(${Object.keys(FAVOURS).join('|')})しますか？$`);

export function askedByCustomer(question: string): string {
  // 「なお、土曜日は午前のみの診療ですか？」: the connective belongs to the page, not the question.
  return CUSTOMER_SIDE.reduce(
    (text, [pattern, plain]) => text.replace(pattern, plain),
    question.replace(LEADING_CONNECTIVE, ''),
  ).replace(FAVOUR, (_, verb: string) => `${FAVOURS[verb]}もらえますか？`);
}
