/**
 * The strict gate a page sentence's question passes before it is asked beside the intents
 * (issue 23, item 3). The blind grades of 2026-11-27 found a third of the C's were fragments or
 * the business's voice turned into a question (「当館はできますか？」「大事なお知らせはありますか？」
 * 「一切の責任を負いますか？」「心苦しい点について教えてください。」). Each rule has an id and its
 * own examples; strict-gate.test.ts runs them.
 */
export interface StrictRule {
  id: string;
  refuses: RegExp;
  examples: { refused: string[]; passed: string[] };
}

// Things a customer can ask to do: 「Xはできますか？」 is a question only when X is one of them.
const DOABLE =
  /(?:予約|利用|変更|キャンセル|持ち込み|持込|同伴|駐車|見学|体験|相談|支払い?|入浴|送迎|宿泊|注文|返品|交換|指名|延長|貸切|申し?込み?|受診|来店|来院|入室|喫煙|撮影|飲食|参加|入会|退会|休会|振替|お預かり|預け|購入|試着|予約変更|受講|オーダー|対応|配達|発送|駐輪|世話)$/;

export const STRICT_RULES: StrictRule[] = [
  {
    id: 'bare-can',
    // 「当館はできますか？」「炊事場はできますか？」: 「できますか」 with nothing done.
    refuses: /^(?<topic>[^？]{1,30})は(?:お願い)?できますか？$/,
    examples: {
      refused: ['当館はできますか？', '飲酒をされた方はできますか？', '金額はお願いできますか？'],
      passed: [
        'ネイリストのご予約はできますか？',
        'ペットの同伴はできますか？',
        'ペットのお世話はお願いできますか？',
      ],
    },
  },
  {
    id: 'trivia-exists',
    // 「目次はありますか？」「余裕はありますか？」: the page's furniture or a word of its prose.
    refuses:
      /^(?:[^？]{0,12}(?:お知らせ|目次|掲載日|詳細|余裕|可能性|心配|注意|箇所|点|場合|こと|もの|制度|当店|当館|当院|弊社))は(?:あります|ございます)か？$/,
    examples: {
      refused: ['目次はありますか？', '大事なお知らせはありますか？', '余裕はありますか？'],
      passed: ['駐車場はありますか？', '学生割引はありますか？'],
    },
  },
  {
    id: 'vague-open',
    // 「心苦しい点について教えてください。」: an open question on a vague or bare topic.
    refuses:
      /^(?:.?|.*(?:点|方|こと|もの|場合|際|内容|詳細|状況|当店|当館|当院|弊社))について教えてください。$/,
    examples: {
      refused: ['心苦しい点について教えてください。', '仕事帰りの方について教えてください。'],
      passed: [
        'お席の指定について教えてください。',
        '入塾金について教えてください。',
        '月謝について教えてください。',
      ],
    },
  },
  {
    id: 'vague-place-or-this',
    // 「園内について教えてください。」「本料金表について…」「今シーズンについて…」: a place inside the
    // business, or 本／今／当 pointing at the page itself, names nothing a customer asks about.
    refuses:
      /^(?:(?:本|今|当|原則|上記|下記)[^？]{0,10}|[^？]{0,6}(?:園|室|館|店|院|施設|敷地)内|ご利用|質問等)について教えてください。$/,
    examples: {
      refused: [
        '園内について教えてください。',
        '本料金表について教えてください。',
        '今シーズンについて教えてください。',
        '原則服装について教えてください。',
        'ご利用について教えてください。',
      ],
      passed: ['ホテル料金について教えてください。', '口座振替について教えてください。'],
    },
  },
  {
    id: 'echo-case',
    // 「ご連絡が取れない場合の連絡について…」「指定がない場合の指定について…」: the clause's own
    // word asked back about its case, a fragment of the sentence rather than a question.
    refuses: /^(?<head>[^？]+?)(?:場合|際|とき)の(?<tail>[^？]+?)について教えてください。$/,
    examples: {
      refused: [
        'ご連絡が取れない場合の連絡について教えてください。',
        '指定がない場合の指定について教えてください。',
        'カルテ番号がわからない場合のカルテ番号について教えてください。',
      ],
      passed: ['ご予約時間に遅れる場合の連絡について教えてください。'],
    },
  },
  {
    id: 'business-voice',
    // 「一切の責任を負いますか？」「経理状況を勘案しますか？」: the business's duties, not a question.
    refuses:
      /一切|責任を負|勘案|承れますか|させていただきますか|お伺いしますか|努めますか|心がけ|^(?:当|弊)(?:店|館|院|社|社|サロン|教室)/,
    examples: {
      refused: ['一切の責任を負いますか？', '経理状況を勘案しますか？', '当店はありますか？'],
      passed: ['キャンセル料はかかりますか？', '支払い方法は何がありますか？'],
    },
  },
];

/** The id of the strict rule that refuses the question, or undefined when it may be asked. */
export function strictRefusal(question: string): string | undefined {
  for (const rule of STRICT_RULES) {
    const match = rule.refuses.exec(question);
    if (!match) continue;
    if (rule.id === 'bare-can' && DOABLE.test(match.groups?.topic ?? '')) continue;
    if (rule.id === 'echo-case' && !match.groups!.head!.includes(match.groups!.tail!)) continue;
    return rule.id;
  }
  return undefined;
}
