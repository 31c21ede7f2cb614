import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CrawlReport } from './crawl-report.tsx';
import { InputStage } from './input-stage.tsx';

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
