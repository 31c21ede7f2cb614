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

describe('ResultsStage answers shorter than the chosen length', () => {
  it('says so under that answer only, tied to its field for screen readers', () => {
    render(
      <ResultsStage
        items={[
          item('駐車場は5台分あります。', { belowLength: true }),
          item('<b>定休日</b>は日曜日です。'),
        ]}
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
    const notes = screen.getAllByText('ページの記載が少ないため、指定より短い回答です');
    expect(notes).toHaveLength(1);
    expect(screen.getByLabelText('A1')).toHaveAccessibleDescription(
      'ページの記載が少ないため、指定より短い回答です',
    );
    expect(screen.getByLabelText('A2')).not.toHaveAccessibleDescription();
    // Content is text, never markup.
    expect(screen.getByLabelText('A2')).toHaveValue('<b>定休日</b>は日曜日です。');
  });
});
