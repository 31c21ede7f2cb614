import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FaqItem } from '../../../../shared/generations.ts';
import type { Publication } from '../../../../shared/published-faq.ts';
import { json, serveApi } from '../../../../../tests/helpers/web-backend.ts';
import { AlertDialogHost } from '../../../components/ui/alert-dialog.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const HOSTILE = '<img src=x onerror="window.hacked=1">';

const items: FaqItem[] = [
  {
    question: `営業時間は？${HOSTILE}`,
    answer: '10時からです。',
    answerSource: 'offline',
    approved: true,
  },
  {
    question: '料金は？',
    answer: '3,000円です。',
    answerSource: 'offline',
    approved: true,
    unverified: { phrases: ['3,000円'] },
  },
];

const publication: Publication = {
  slug: 'AbCdEfGhIjKlMnOp',
  url: 'https://faq.example.jp/f/AbCdEfGhIjKlMnOp',
  businessName: '山田歯科',
  noindex: false,
  published: true,
  itemCount: 1,
  leftOut: 1,
  views: 12,
  opens: [{ question: '営業時間は？', opens: 5 }],
  updatedAt: '2026-11-28T00:00:00.000Z',
};

function renderDialog() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <PublishDialog generationId="faq_1" title="shop.example.jp のFAQ" items={items} />
      <AlertDialogHost />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('公開する', () => {
  it('publishes with the business name, then shows the address, the embed and the counts', async () => {
    let current: Publication | null = null;
    const api = serveApi(({ method, path, body }) => {
      if (path !== '/api/generations/faq_1/publication') return undefined;
      if (method === 'PUT') {
        current = { ...publication, ...(body as object) };
        return json(200, { publication: current });
      }
      return json(200, { publication: current });
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '公開する' }));
    const dialog = await screen.findByRole('dialog', { name: 'FAQを公開する' });
    const name = within(dialog).getByLabelText('事業者名（ページの見出し）');
    expect(name).toHaveValue('shop.example.jp');
    expect(dialog).toHaveTextContent('要確認の回答1件は、確認するまで公開ページに載りません');

    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: '公開する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '事業者名（ページの見出し）を入力してください',
    );
    expect(api.count('PUT', '/api/generations/faq_1/publication')).toBe(0);

    await userEvent.type(name, '山田歯科');
    await userEvent.click(within(dialog).getByLabelText(/検索エンジンに載せない/));
    await userEvent.click(within(dialog).getByRole('button', { name: '公開する' }));
    await screen.findByText('FAQを公開しました');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      businessName: '山田歯科',
      noindex: true,
    });
    await within(dialog).findByRole('heading', { name: '公開中' });
    expect(within(dialog).getByRole('textbox', { name: '埋め込みコード' })).toHaveValue(
      '<script src="https://faq.example.jp/embed.js" data-faq="AbCdEfGhIjKlMnOp" async></script>',
    );
    expect(within(dialog).getByRole('region', { name: '公開ページの閲覧状況' })).toHaveTextContent(
      /閲覧数 12 回.*営業時間は？5 回/,
    );
  });

  it('shows the server’s reason when publishing is refused', async () => {
    serveApi(({ method, path }) => {
      if (path !== '/api/generations/faq_1/publication') return undefined;
      if (method === 'PUT')
        return json(409, {
          error: { code: 'CONFLICT', status: 409, message: '完成したFAQだけ公開できます' },
        });
      return json(200, { publication: null });
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '公開する' }));
    const dialog = await screen.findByRole('dialog', { name: 'FAQを公開する' });
    await userEvent.click(within(dialog).getByRole('button', { name: '公開する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '完成したFAQだけ公開できます',
    );
  });

  it('previews the copy-paste block in a sandbox: the FAQ text is never HTML in the app', async () => {
    serveApi(({ path }) =>
      path === '/api/generations/faq_1/publication' ? json(200, { publication: null }) : undefined,
    );
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '公開する' }));
    const dialog = await screen.findByRole('dialog', { name: 'FAQを公開する' });
    const block = within(dialog).getByRole('textbox', { name: 'HTMLブロック' });
    expect((block as HTMLTextAreaElement).value).toContain('営業時間は？&lt;img src=x');
    expect((block as HTMLTextAreaElement).value).not.toContain('3,000円');
    const preview = within(dialog).getByTitle('HTMLブロックのプレビュー');
    expect(preview.tagName).toBe('IFRAME');
    expect(preview.getAttribute('sandbox')).toBe('');
    expect(document.querySelector('img')).toBeNull();
  });
});
