import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialogHost } from '../../../components/ui/alert-dialog.tsx';
import { clearSavedForm } from '../hooks/use-saved-form.ts';
import { CrawlReport } from './crawl-report.tsx';
import { InputStage } from './input-stage.tsx';

afterEach(() => sessionStorage.clear());

const TEXT_LABEL = 'テキスト（URLの代わりに、または追加の資料として）';

describe('InputStage', () => {
  it('reads a link to a file as a document, without subpages', async () => {
    const onSubmit = vi.fn();
    render(<InputStage busy={false} ai={{ provider: 'auto' }} onSubmit={onSubmit} />);
    const subpages = screen.getByLabelText('下層ページも含める', { exact: false });
    await userEvent.click(subpages);
    await userEvent.type(screen.getByLabelText('WebサイトのURL'), 'https://shop.example/price.pdf');
    expect(
      screen.getByText('ファイル（PDF・Word・Excelなど）として読み込みます。', { exact: false }),
    ).toBeInTheDocument();
    expect(subpages).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '質問を生成する' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'https://shop.example/price.pdf', includeSubpages: false }),
    );
  });

  it('keeps subpages for web pages, .html included', async () => {
    const onSubmit = vi.fn();
    render(<InputStage busy={false} ai={{ provider: 'auto' }} onSubmit={onSubmit} />);
    await userEvent.type(
      screen.getByLabelText('WebサイトのURL'),
      'https://shop.example/index.html',
    );
    await userEvent.click(screen.getByLabelText('下層ページも含める', { exact: false }));
    await userEvent.click(screen.getByRole('button', { name: '質問を生成する' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ includeSubpages: true }));
  });
});

describe('InputStage alerts and limits', () => {
  it('explains the empty form in an in-page alert, word for word', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <>
        <InputStage busy={false} ai={{ provider: 'auto' }} onSubmit={onSubmit} />
        <AlertDialogHost />
      </>,
    );
    const button = screen.getByRole('button', { name: '質問を生成する' });
    expect(button).toBeEnabled();
    await user.click(button);
    const alert = await screen.findByRole('alertdialog', {
      name: 'URLまたはテキストを入力してください',
    });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));

    await user.click(screen.getByRole('tab', { name: 'カテゴリーから' }));
    await user.click(screen.getByRole('button', { name: '質問を生成する' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'カテゴリー名と回答者を入力してください' }),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts the pasted text against its 100,000-character limit before submitting', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <>
        <InputStage busy={false} ai={{ provider: 'auto' }} onSubmit={onSubmit} />
        <AlertDialogHost />
      </>,
    );
    const text = screen.getByLabelText(TEXT_LABEL);
    expect(text).toHaveAccessibleDescription('0 / 100,000文字');
    fireEvent.change(text, { target: { value: 'あ'.repeat(100_001) } });
    expect(text).toHaveAccessibleDescription(
      'テキストは100,000文字以内で入力してください（100,001 / 100,000文字）',
    );
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: '質問を生成する' }));
    expect(
      await screen.findByRole('alertdialog', {
        name: 'テキストは100,000文字以内で入力してください',
      }),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('InputStage saved form', () => {
  it('keeps every field when it comes back (after an error, 戻る or a reload) until cleared', async () => {
    const user = userEvent.setup();
    const key = 'faq-kobo.generate-form:user-1';
    const first = render(
      <InputStage busy={false} ai={{ provider: 'auto' }} storageKey={key} onSubmit={vi.fn()} />,
    );
    await user.type(screen.getByLabelText('WebサイトのURL'), 'https://shop.example/');
    await user.type(screen.getByLabelText(TEXT_LABEL), '営業時間は9時から');
    await user.click(screen.getByLabelText('下層ページも含める', { exact: false }));
    await user.selectOptions(screen.getByLabelText('作成するFAQの数'), '15');
    await user.selectOptions(screen.getByLabelText('回答の長さ'), 'long');
    await user.click(screen.getByRole('tab', { name: 'カテゴリーから' }));
    await user.type(screen.getByLabelText('カテゴリー名'), '相続');
    await user.type(screen.getByLabelText('大分類（任意）'), '法律');
    await user.type(screen.getByLabelText('回答者1'), '税理士');
    await user.click(screen.getByRole('button', { name: '回答者を追加' }));
    await user.type(screen.getByLabelText('回答者2'), '弁護士');
    first.unmount();

    const second = render(
      <InputStage busy={false} ai={{ provider: 'auto' }} storageKey={key} onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('tab', { name: 'カテゴリーから' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('カテゴリー名')).toHaveValue('相続');
    expect(screen.getByLabelText('大分類（任意）')).toHaveValue('法律');
    expect(screen.getByLabelText('回答者2')).toHaveValue('弁護士');
    expect(screen.getByLabelText('作成するFAQの数')).toHaveValue('15');
    expect(screen.getByLabelText('回答の長さ')).toHaveValue('long');
    await user.click(screen.getByRole('tab', { name: 'URL・テキストから' }));
    expect(screen.getByLabelText('WebサイトのURL')).toHaveValue('https://shop.example/');
    expect(screen.getByLabelText(TEXT_LABEL)).toHaveValue('営業時間は9時から');
    expect(screen.getByLabelText('下層ページも含める', { exact: false })).toBeChecked();
    second.unmount();

    // Another account on the same tab starts empty; 新規作成 clears on purpose.
    const other = render(
      <InputStage
        busy={false}
        ai={{ provider: 'auto' }}
        storageKey="faq-kobo.generate-form:user-2"
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('WebサイトのURL')).toHaveValue('');
    other.unmount();
    clearSavedForm(key);
    render(
      <InputStage busy={false} ai={{ provider: 'auto' }} storageKey={key} onSubmit={vi.fn()} />,
    );
    expect(screen.getByLabelText('WebサイトのURL')).toHaveValue('');
  });
});

describe('CrawlReport', () => {
  it('counts loaded pages and says why the others were left out', async () => {
    render(
      <CrawlReport
        report={[
          { url: 'https://a.jp/', outcome: 'ok' },
          {
            url: 'https://a.jp/private',
            outcome: 'blocked_by_robots',
            message: 'robots.txtで取得が禁止されています',
          },
          { url: 'https://a.jp/app', outcome: 'empty_shell' },
        ]}
      />,
    );
    await userEvent.click(screen.getByText('読み込んだページ：1件（確認したページ 3件）'));
    const items = screen.getByRole('list', { name: 'ページの読み込み結果' }).querySelectorAll('li');
    expect(items).toHaveLength(3);
    expect(items[1]!.textContent).toContain('robots.txtで禁止');
    expect(items[2]!.textContent).toContain('JavaScriptのみのページ');
  });

  it('shows nothing without a report', () => {
    const { container } = render(<CrawlReport report={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
