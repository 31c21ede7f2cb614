import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReferralHistory } from './referral-history.tsx';

describe('ReferralHistory', () => {
  it('shows who joined and when, and a deleted account as gone', () => {
    render(
      <ReferralHistory
        history={[
          {
            id: 'r2',
            referred: null,
            createdAt: '2026-11-21T01:00:00.000Z',
            status: 'completed',
            statusLabel: '登録済み',
            creditsReceived: 10,
          },
          {
            id: 'r1',
            referred: 'h***@example.jp',
            createdAt: '2026-11-20T01:00:00.000Z',
            status: 'rewarded',
            statusLabel: '報酬支払済み',
            creditsReceived: 20,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: '紹介履歴' });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('登録した方');
    const [, gone, hanako] = within(table).getAllByRole('row');
    expect(within(hanako!).getAllByRole('cell')[0]).toHaveTextContent('h***@example.jp');
    expect(within(hanako!).getAllByRole('cell')[1]).toHaveTextContent('2026');
    expect(within(gone!).getAllByRole('cell')[0]).toHaveTextContent('退会したユーザー');
  });
});
