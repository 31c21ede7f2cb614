import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FaqItem } from '../../../../shared/generations.ts';
import { ResultsStage } from './results-stage.tsx';

const item = (answer: string, extra: Partial<FaqItem> = {}): FaqItem => ({
  question: '駐車場はありますか？',
  answer,
  answerSource: 'offline',
  approved: true,
  ...extra,
});

function renderItems(items: FaqItem[]) {
  render(
    <ResultsStage
      items={items}
      busy={false}
      message={null}
      regenerating={null}
      onToggle={vi.fn()}
      onEditAnswer={vi.fn()}
      onRegenerate={vi.fn()}
      exportSlot={null}
      onNew={vi.fn()}
    />,
  );
}

describe('ResultsStage answers shorter than the chosen length', () => {
  it('says it once above the list when most answers are short, not under each', () => {
    renderItems([
      item('駐車場は5台分あります。', { belowLength: true }),
      item('定休日は日曜日です。', { belowLength: true }),
      item('営業時間は10時から19時までです。'),
    ]);
    expect(
      screen.getByText(
        /2件の回答は、質問に直接関係するページの記載だけで答えたため、指定した長さより短くなっています/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('質問に直接関係するページの記載だけで答えたため、指定より短い回答です'),
    ).toBeNull();
    expect(screen.getByLabelText('A1')).not.toHaveAccessibleDescription();
  });

  it('says so under that answer only, tied to its field for screen readers', () => {
    renderItems([
      item('駐車場は5台分あります。', { belowLength: true }),
      item('<b>定休日</b>は日曜日です。'),
    ]);
    const notes = screen.getAllByText(
      '質問に直接関係するページの記載だけで答えたため、指定より短い回答です',
    );
    expect(notes).toHaveLength(1);
    expect(screen.getByLabelText('A1')).toHaveAccessibleDescription(
      '質問に直接関係するページの記載だけで答えたため、指定より短い回答です',
    );
    expect(screen.getByLabelText('A2')).not.toHaveAccessibleDescription();
    // Content is text, never markup.
    expect(screen.getByLabelText('A2')).toHaveValue('<b>定休日</b>は日曜日です。');
  });
});
