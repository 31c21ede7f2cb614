import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AiProviderInfo, AiSettings } from '../../../../shared/ai.ts';
import type { ProposedQuestion } from '../hooks/use-generation-flow.ts';
import { AiSettingsPanel } from './ai-settings-panel.tsx';
import { QuestionsStage } from './questions-stage.tsx';

function Questions({
  balance,
  insufficientCredits = false,
  confirmPrompt = null,
}: {
  balance: number;
  insufficientCredits?: boolean;
  confirmPrompt?: ReactNode;
}) {
  const [questions, setQuestions] = useState<ProposedQuestion[]>(
    ['営業時間は？', '駐車場は？', '予約は必要？'].map((question) => ({
      question,
      approved: false,
      sourceUrl: null,
    })),
  );
  return (
    <MemoryRouter>
      <QuestionsStage
        questions={questions}
        busy={false}
        balance={balance}
        insufficientCredits={insufficientCredits}
        confirmPrompt={confirmPrompt}
        onToggle={(index) =>
          setQuestions((list) =>
            list.map((item, position) =>
              position === index ? { ...item, approved: !item.approved } : item,
            ),
          )
        }
        onSetAll={(approved) => setQuestions((list) => list.map((item) => ({ ...item, approved })))}
        onRegenerate={vi.fn()}
        onBack={vi.fn()}
        onAnswer={vi.fn()}
      />
    </MemoryRouter>
  );
}

describe('QuestionsStage credits', () => {
  it('says クレジットが不足しています with the shortfall and where to get credits, keeping the selection', async () => {
    const user = userEvent.setup();
    render(<Questions balance={1} />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'すべて選択' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('クレジットが不足しています');
    expect(alert).toHaveTextContent('必要なクレジット 3 ／ 残高 1（2クレジット不足）');
    expect(within(alert).getByRole('link', { name: /クレジットを購入/ })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(alert).getByRole('link', { name: /友達紹介で無料クレジット/ })).toHaveAttribute(
      'href',
      '/referrals',
    );
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).toBeChecked();
  });

  it('explains a refusal from the server even when the shown balance looked enough', () => {
    render(<Questions balance={5} insufficientCredits />);
    expect(screen.getByRole('alert')).toHaveTextContent('クレジットが不足しています');
    // The refusal moves the keyboard (and a screen reader) to the box.
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('shows the confirmation prompt given for an unconfirmed address inside the box', () => {
    render(
      <Questions
        balance={0}
        insufficientCredits
        confirmPrompt={<p>メールアドレスを確認すると50クレジット</p>}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('メールアドレスを確認すると50クレジット');
  });
});

describe('AiSettingsPanel', () => {
  const providers: AiProviderInfo[] = [
    {
      id: 'auto',
      label: '自動',
      model: 'offline',
      available: true,
      costPerToken: 0,
      recommended: true,
      offline: true,
    },
  ];

  function Panel({ list }: { list: AiProviderInfo[] }) {
    const [value, setValue] = useState<AiSettings>({ provider: 'auto' });
    return <AiSettingsPanel providers={list} value={value} onChange={setValue} />;
  }

  it('says the offline engine ignores custom instructions', async () => {
    const user = userEvent.setup();
    render(<Panel list={providers} />);
    await user.click(screen.getByRole('button', { name: /AI設定/ }));
    expect(screen.getByLabelText('カスタム指示（任意）')).toHaveAccessibleDescription(
      /カスタム指示を使いません/,
    );
  });

  it('says nothing of the kind when a real provider answers', async () => {
    const user = userEvent.setup();
    render(<Panel list={[{ ...providers[0]!, model: 'gpt-4o-mini', offline: false }]} />);
    await user.click(screen.getByRole('button', { name: /AI設定/ }));
    expect(screen.getByLabelText('カスタム指示（任意）')).not.toHaveAccessibleDescription(
      /カスタム指示を使いません/,
    );
  });
});

describe('QuestionsStage notices', () => {
  it('says how many questions were made and why, and offers no answers the engine cannot make', () => {
    render(
      <MemoryRouter>
        <QuestionsStage
          questions={[{ question: '相続とは何ですか？', approved: true, sourceUrl: null }]}
          busy={false}
          balance={10}
          notice="1件の質問チェックリストを作成しました。"
          answersUnavailable="オフライン簡易エンジンでは専門家の回答を作成できません。"
          onToggle={vi.fn()}
          onSetAll={vi.fn()}
          onRegenerate={vi.fn()}
          onBack={vi.fn()}
          onAnswer={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1件の質問チェックリストを作成しました。');
    expect(screen.queryByRole('button', { name: /回答を作成/ })).toBeNull();
    expect(
      screen.getByText('オフライン簡易エンジンでは専門家の回答を作成できません。'),
    ).toBeVisible();
  });
});
