import { describe, expect, it } from 'vitest';
import { askedByCustomer } from './customer-phrasing.ts';

describe('a question said as the customer asks it, not in the shop’s voice', () => {
  it.each([
    ['当園のいちご狩りは、何分食べ放題ですか？', 'いちご狩りは何分食べ放題ですか？'],
    ['提供する寝具は自由に利用できますか？', '寝具は自由に利用できますか？'],
    ['客室収容人数を超えてのご宿泊はできますか？', '客室収容人数を超えての宿泊はできますか？'],
    ['ロッカーの鍵を紛失された際はいくらですか？', 'ロッカーの鍵を紛失した場合はいくらですか？'],
    ['クレジットカードご利用はできますか？', 'クレジットカードは利用できますか？'],
    ['ツアー参加をお断りする事はありますか？', 'ツアー参加を断られることはありますか？'],
    ['報酬をお返しすることは、出来ますか？', '報酬は返してもらえますか？'],
    ['郵送費などの実費は、別途かかりますか？', '郵送費などの実費は別途かかりますか？'],
    ['駐車場はございますか？', '駐車場はありますか？'],
    [
      '前納制のため、口座振替実行日は、前の月の何日ですか？',
      '口座振替実行日は前の月の何日ですか？',
    ],
  ])('%s → %s', (page, customer) => {
    expect(askedByCustomer(page)).toBe(customer);
  });

  it('leaves a customer’s own words as they are', () => {
    for (const question of [
      '予約は必要ですか？',
      'ご予約の変更はできますか？',
      '当日の持ち物は何ですか？',
    ])
      expect(askedByCustomer(question)).toBe(question);
  });
});
