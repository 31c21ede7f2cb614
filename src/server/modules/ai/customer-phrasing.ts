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

// The shop's own voice in what is asked: 「当園の」 is the shop speaking of itself, 「ご宿泊」
// 「ご利用」 its honorific for the guest's act, 「紛失された際」 its respect for the guest, and
// 「提供する寝具」 its side of the deal. A customer asks 「宿泊できますか」 「紛失した場合」 「寝具」.
const SHOP_VOICE: [RegExp, string][] = [
  // 「前納制のため、口座振替実行日は…」: the page's reason is no part of what is asked.
  [/^[^、。？]{2,15}(?:のため|なので|ですので)、/, ''],
  [
    /^(?:当|弊)(?:園|店|院|社|館|教室|塾|事務所|サロン|施設|ホテル|キャンプ場|スタジオ|クリニック)の/,
    '',
  ],
  [/^(?:提供|用意|ご用意)(?:する|している|される|しております)/, ''],
  [/ご(宿泊|利用|来院|来店|来園|来場|来所|返却|参加|入会|退会|入浴|持参|入金|滞在|乗車)/g, '$1'],
  [/された(?:際|とき|時)(?=は|に|の)/g, 'した場合'],
  [/される(?:際|とき|時)(?=は|に|の)/g, 'する場合'],
  [/(?:された|した)際(?=は|に|の)/g, 'した場合'],
  [/をお断りする(?:事|こと)はありますか？$/, 'を断られることはありますか？'],
  [/をお返しする(?:事|こと)は、?(?:出来|でき)ますか？$/, 'は返してもらえますか？'],
  // The page's comma after its topic (「いちご狩りは、何分…」) is written, not asked.
  [/^([^、。？]{1,20}?)([はが])、/, '$1$2'],
  // 「クレジットカードご利用はできますか？」 → 「クレジットカードは利用できますか？」
  [/^([^、。はが]{2,20}?)利用はできますか？$/, '$1は利用できますか？'],
];

export function askedByCustomer(question: string): string {
  // 「なお、土曜日は午前のみの診療ですか？」: the connective belongs to the page, not the question.
  const plain = SHOP_VOICE.reduce(
    (text, [pattern, customer]) => text.replace(pattern, customer),
    question.replace(LEADING_CONNECTIVE, ''),
  );
  return CUSTOMER_SIDE.reduce(
    (text, [pattern, customer]) => text.replace(pattern, customer),
    plain,
  ).replace(FAVOUR, (_, verb: string) => `${FAVOURS[verb]}もらえますか？`);
}
