import { describe, expect, it } from 'vitest';
import {
  defaultGenerationTitle,
  firstHeading,
  titleFromPage,
  titleFromText,
} from './generation-title.ts';

describe('default generation titles', () => {
  it('names a text job by its first heading, else its first line, never one fixed wording', () => {
    expect(titleFromText('# 春の料金案内\n\n本文です。')).toBe('春の料金案内のFAQ');
    expect(titleFromText('\n\n  パン工房こむぎの営業案内。\n2行目')).toBe(
      'パン工房こむぎの営業案内のFAQ',
    );
    expect(titleFromText('前置き\n## 予約について\n本文')).toBe('予約についてのFAQ');
    const a = defaultGenerationTitle({ method: 'url', textInput: '整体院ひかり\n営業時間は…' });
    const b = defaultGenerationTitle({ method: 'url', textInput: '# 税理士事務所みどり' });
    expect(a).toBe('整体院ひかりのFAQ');
    expect(b).toBe('税理士事務所みどりのFAQ');
    expect(a).not.toBe(b);
  });

  it('cuts a long first line to a label', () => {
    const title = titleFromText('あ'.repeat(200))!;
    expect(Array.from(title.replace(/のFAQ$/, ''))).toHaveLength(40);
    expect(title).toMatch(/…のFAQ$/);
  });

  it('names an expert job by its category and a URL job by its host until the page is read', () => {
    expect(defaultGenerationTitle({ method: 'category', categoryName: '歯科医院' })).toBe(
      '歯科医院のFAQ',
    );
    expect(defaultGenerationTitle({ method: 'url', url: 'https://pan.example.jp/menu' })).toBe(
      'pan.example.jpのFAQ',
    );
  });

  it('names a fetched page by its title, else its first heading, else the business name it states', () => {
    expect(titleFromPage({ title: 'パン工房こむぎ｜トップ', markdown: '# ようこそ' })).toBe(
      'パン工房こむぎ｜トップのFAQ',
    );
    expect(titleFromPage({ title: '  ', markdown: '本文\n\n## 料金表\n…' })).toBe('料金表のFAQ');
    expect(titleFromPage({ title: '', markdown: '店名：カフェ木陰\n住所：…' })).toBe(
      'カフェ木陰のFAQ',
    );
    expect(titleFromPage({ title: '', markdown: 'ただの本文です' })).toBeNull();
  });

  it('reads a heading only from a heading line', () => {
    expect(firstHeading('本文 # ではない\n### **予約**')).toBe('予約');
    expect(firstHeading('見出しなし')).toBeNull();
  });
});
