import { describe, expect, it } from 'vitest';
import { createGenerationSchema, sameGenerationInput } from './generations.ts';

const request = (body: object) => createGenerationSchema.parse(body);

describe('sameGenerationInput (the same job as a running one asks first)', () => {
  it('is the same URL and text, whatever the counts, and ignores surrounding blanks', () => {
    const record = {
      method: 'url' as const,
      inputData: { url: 'https://example.jp/', textInput: '営業時間は10時から', faqCount: 10 },
    };
    expect(
      sameGenerationInput(
        request({
          method: 'url',
          url: ' https://example.jp/ ',
          textInput: '営業時間は10時から\n',
          faqCount: 5,
        }),
        record,
      ),
    ).toBe(true);
    expect(
      sameGenerationInput(request({ method: 'url', url: 'https://example.jp/other' }), record),
    ).toBe(false);
    expect(
      sameGenerationInput(
        request({ method: 'url', url: 'https://example.jp/', textInput: '別の資料' }),
        record,
      ),
    ).toBe(false);
  });

  it('is the same category path and responders, never across methods', () => {
    const record = {
      method: 'category' as const,
      inputData: { categoryName: '歯科', major: '医療', responders: ['歯科医師', '受付'] },
    };
    const same = request({
      method: 'category',
      categoryName: '歯科',
      major: '医療',
      responders: ['歯科医師', '受付', ' '],
    });
    expect(sameGenerationInput(same, record)).toBe(true);
    expect(sameGenerationInput({ ...same, responders: ['歯科医師'] }, record)).toBe(false);
    expect(sameGenerationInput(same, { ...record, method: 'url' })).toBe(false);
  });
});
