import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fillPublicConfig,
  PLACEHOLDER_PUBLIC_CONFIG,
} from '../../../../shared/prerender-config.ts';
import type { PublicConfig } from '../../../../shared/public-config.ts';
import { renderPage } from '../../../prerender/entry-server.tsx';
import { CommerceDisclosure } from './commerce-disclosure.tsx';

const base: PublicConfig = {
  brandName: 'FAQ工房',
  projectId: 'faq-kobo',
  environment: 'production',
  supportEmail: 'support@example.jp',
  seller: {
    name: '株式会社テスト',
    representative: '山田太郎',
    address: '東京都千代田区1-1',
    phone: '03-0000-0000',
    email: 'support@example.jp',
  },
};

const withKonbini: PublicConfig = {
  ...base,
  payment: {
    methods: 'クレジットカード決済、コンビニ決済、銀行振込',
    timing:
      'クレジットカード決済はご購入手続きの完了時にお支払いが確定します。コンビニ決済・銀行振込は、決済画面に表示されるお支払い期限までにお支払いください。',
  },
};

const row = (label: string) => screen.getByText(label).nextElementSibling;

describe('特定商取引法に基づく表記', () => {
  it('states the payment methods and timing the server offers', () => {
    render(<CommerceDisclosure config={withKonbini} />);
    expect(row('支払方法')).toHaveTextContent('クレジットカード決済、コンビニ決済、銀行振込');
    expect(row('支払時期')).toHaveTextContent('お支払い期限までにお支払いください');
    expect(row('引渡時期')).toHaveTextContent('お支払いの確認後、ただちに');
  });

  it('says card only when the server names no methods', () => {
    render(<CommerceDisclosure config={base} />);
    expect(row('支払方法')).toHaveTextContent(/^クレジットカード決済$/);
  });

  it('the pre-rendered page carries the server’s methods once filled in', async () => {
    const html = fillPublicConfig(await renderPage('/legal'), withKonbini);
    expect(html).toContain('クレジットカード決済、コンビニ決済、銀行振込');
    expect(html).not.toContain(PLACEHOLDER_PUBLIC_CONFIG.payment!.methods);
    expect(fillPublicConfig(await renderPage('/legal'), base)).toContain(
      '<dd class="text-slate-800">クレジットカード決済</dd>',
    );
  });
});
