import { describe, expect, it } from 'vitest';
import { passagesOf } from './passages.ts';

/** A page's own questions and where their answers end (issue 23). */
describe('a page that asks its questions as list items', () => {
  it('ends an answer at the next list item, whether or not that item is asked as a question', () => {
    const markdown = [
      'よくある質問',
      '- 入会日を変更したい場合どうすればいいですか?',
      '  申し訳ございません。ご契約手続き完了後での変更はできません。ご了承ください。',
      '- WEB入会の方法について教えてください。',
      '  ホームページの「ご入会はこちら」からご登録いただけます。',
    ].join('\n');
    const asked = passagesOf([{ url: 'https://example.jp/', title: '', markdown }]).find(
      (passage) => passage.kind === 'qa',
    );
    expect(asked?.label).toBe('入会日を変更したい場合どうすればいいですか？');
    expect(asked?.text).toBe(
      '申し訳ございません。ご契約手続き完了後での変更はできません。ご了承ください。',
    );
  });
});
