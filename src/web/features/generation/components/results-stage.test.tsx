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

describe('ResultsStage 要確認 answers (figure check)', () => {
  it('marks the phrase as text, says what it costs, and offers the owner to clear it', async () => {
    const onClearFlag = vi.fn();
    render(
      <ResultsStage
        items={[
          item('<b>駐車場</b>は6台分あります。', {
            answerSource: 'ai_direct',
            unverified: { phrases: ['6台'] },
          }),
          item('定休日は日曜日です。', { answerSource: 'ai_direct', rewrittenFor: ['月曜日'] }),
        ]}
        busy={false}
        message={null}
        regenerating={null}
        onToggle={vi.fn()}
        onEditAnswer={vi.fn()}
        onRegenerate={vi.fn()}
        onClearFlag={onClearFlag}
        exportSlot={null}
        onNew={vi.fn()}
      />,
    );
    const flag = screen.getByTestId('figure-flag-0');
    expect(flag.querySelector('mark')?.textContent).toBe('6台');
    // Model output is text: its markup is shown, never rendered.
    expect(flag.querySelector('b')).toBeNull();
    expect(flag).toHaveTextContent('<b>駐車場</b>は6台分あります。');
    expect(screen.getByTestId('figure-flag-summary')).toHaveTextContent(
      '要確認の回答も作成した回答として1件1クレジットです',
    );
    expect(screen.getByText(/ページと合わない値（「月曜日」）があったため/)).toBeInTheDocument();
    screen.getByRole('button', { name: 'A1の値を確認済みにする' }).click();
    expect(onClearFlag).toHaveBeenCalledWith(0);
  });
});
