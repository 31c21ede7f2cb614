import { describe, expect, it } from 'vitest';
import { passagesOf } from './passages.ts';

const page = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

describe('passages of a page pasted as plain text', () => {
  it('reads 「…について」 on a line of its own as the heading of the lines under it', () => {
    const passages = passagesOf(
      page(
        [
          'キャンセルについて',
          '前日までのご連絡で無料です。',
          '当日は料金の全額を頂きます。',
          '小学生の料金について',
          '1回2,000円です。',
        ].join('\n'),
      ),
    );
    expect(passages.map((passage) => passage.text)).not.toContain('キャンセルについて');
    const [first, second, price] = passages;
    expect(first!.section).toBe('キャンセル');
    expect(second!.sectionId).toBe(first!.sectionId);
    expect(price!.section).toBe('小学生の料金');
    expect(price!.sectionId).not.toBe(first!.sectionId);
  });

  it('keeps the rules under such a heading as facts of their own, not one list', () => {
    const passages = passagesOf(
      page(['キャンセルについて', '・前日：50%', '・当日：100%'].join('\n')),
    );
    expect(passages.some((passage) => passage.kind === 'list')).toBe(false);
    expect(passages).toHaveLength(2);
  });

  it('joins a line cut after 「の」 to the line it goes on in', () => {
    const passages = passagesOf(page(['利用開始日の', '29~8日前まで ご予約料金の30%'].join('\n')));
    expect(passages.map((passage) => passage.text)).toEqual([
      '利用開始日の29~8日前まで ご予約料金の30%',
    ]);
  });
});
