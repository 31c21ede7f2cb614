import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../../shared/credits.ts';
import { UsageTable } from './usage-table.tsx';

const row = (id: string, type: string, amount: number, description: string): CreditTransaction => ({
  id,
  type,
  amount,
  description,
  createdAt: '2026-11-20T03:00:00.000Z',
});

describe('UsageTable (利用履歴)', () => {
  it('names each entry by its kind: purchases, bonuses and take-backs are not consumption', () => {
    render(
      <UsageTable
        transactions={[
          row('1', 'purchase', 500, 'スタータープラン購入'),
          row('2', 'signup_bonus', 50, '新規登録ボーナス'),
          row('3', 'referral_bonus', 10, '友達紹介ボーナス'),
          row('4', 'usage', -3, 'FAQ 3件を生成'),
          row('5', 'refund', -500, '返金に伴うクレジットの取り消し'),
          row('6', 'credit', 20, 'お詫び'),
          row('7', 'others', 5, '支払い異議の解決に伴うクレジットの復元'),
        ]}
        visible={20}
        hasMoreOnServer={false}
        loadingMore={false}
        onShowMore={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'クレジットの利用履歴' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['日時', '種類', 'クレジットの増減', '詳細']);
    const kinds = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => {
        const cells = within(tr).getAllByRole('cell');
        return [cells[1]!.textContent, cells[2]!.textContent];
      });
    expect(kinds).toEqual([
      ['購入', '+500'],
      ['登録ボーナス', '+50'],
      ['友達紹介ボーナス', '+10'],
      ['消費（FAQ生成）', '-3'],
      ['返金（クレジットの取り消し）', '-500'],
      ['運営からの付与', '+20'],
      ['その他（付与）', '+5'],
    ]);
    expect(table).not.toHaveTextContent('消費クレジット');
  });
});
