// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { BELOW_LENGTH_NOTE, type ExportOptions } from '../../../shared/exports.ts';
import type { ExportDocument, ExportItem } from '../../../shared/generations.ts';
import { buildWordBlob } from './word-layout.ts';

async function unzip(document: ExportDocument, options?: ExportOptions): Promise<JSZip> {
  const blob = await buildWordBlob(document, options);
  return JSZip.loadAsync(Buffer.from(await blob.arrayBuffer()));
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

interface Run {
  text: string;
  bold: boolean;
  size: number | null;
  lineBreak: boolean;
}
interface Para {
  style: string | null;
  keepNext: boolean;
  spacingAfter: number | null;
  text: string;
  runs: Run[];
}

/** word/document.xml as paragraphs of runs: text, bold flag and w:sz (half-points). */
async function paragraphs(document: ExportDocument, options?: ExportOptions): Promise<Para[]> {
  const xml = await (await unzip(document, options)).file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map(([, body = '']) => {
    const runs = [...body.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map(([, run = '']) => ({
      text: unescapeXml(
        [...run.matchAll(/<w:t[^>]*>([\s\S]*?)<\/w:t>/g)].map((t) => t[1]).join(''),
      ),
      bold: /<w:b\/>/.test(run),
      size: /<w:sz w:val="(\d+)"\/>/.test(run)
        ? Number(/<w:sz w:val="(\d+)"\/>/.exec(run)![1])
        : null,
      lineBreak: /<w:br\/>/.test(run),
    }));
    return {
      style: /<w:pStyle w:val="([^"]+)"\/>/.exec(body)?.[1] ?? null,
      keepNext: /<w:keepNext\/>/.test(body),
      spacingAfter: /<w:spacing [^>]*w:after="(\d+)"/.test(body)
        ? Number(/<w:spacing [^>]*w:after="(\d+)"/.exec(body)![1])
        : null,
      text: runs.map((run) => run.text).join(''),
      runs,
    };
  });
}

/** Every run of the paragraph has this formatting (a paragraph may have several runs). */
function expectFormatted(paragraph: Para | undefined, text: string, bold: boolean, size: number) {
  expect(paragraph?.text).toBe(text);
  for (const run of paragraph!.runs)
    expect({ bold: run.bold, size: run.size }).toEqual({ bold, size });
}

const expertItem: ExportItem = {
  question: '相続税はかかりますか？',
  answer: '基礎控除額を確認し、必要に応じて専門家に相談しましょう。',
  expertAnswers: [
    {
      expert: '税理士',
      answer: '遺産総額が基礎控除（3,000万円＋600万円×法定相続人の数）を超える場合にかかります。',
    },
    { expert: '弁護士', answer: '遺産分割協議の内容によって税額が変わることがあります。' },
  ],
  integratedAnswer: '基礎控除額を確認し、必要に応じて専門家に相談しましょう。',
};

describe('Word layout (docs/spec.md §9)', () => {
  it('plain items: Title style with spacing after 400, bold Q{n} at 24, A: at 22', async () => {
    const [title, question, answer, question2, answer2] = await paragraphs({
      title: '山田ベーカリー よくある質問',
      items: [
        { question: '営業時間は？', answer: '午前7時から午後7時までです。' },
        {
          question: '駐車場はありますか？',
          answer: '店舗裏に5台分あります。\n満車の際は近隣のコインパーキングをご利用ください。',
        },
      ],
    });
    expect(title).toMatchObject({
      style: 'Title',
      spacingAfter: 400,
      text: '山田ベーカリー よくある質問',
    });
    expectFormatted(question, 'Q1: 営業時間は？', true, 24);
    expectFormatted(answer, 'A: 午前7時から午後7時までです。', false, 22);
    expectFormatted(question2, 'Q2: 駐車場はありますか？', true, 24);
    // A line break inside an answer is a Word line break in the same paragraph.
    expect(answer2!.runs.map((run) => [run.text, run.lineBreak, run.size])).toEqual([
      ['A: 店舗裏に5台分あります。', false, 22],
      ['満車の際は近隣のコインパーキングをご利用ください。', true, 22],
    ]);
  });

  it('expert items: bold headings at 22, bold 【name】 at 20, answers at 20, integrated answer', async () => {
    const [, question, heading, name1, answer1, name2, answer2, integratedHeading, integrated] =
      await paragraphs({ title: 'FAQリスト', items: [expertItem] });
    expectFormatted(question, 'Q1: 相続税はかかりますか？', true, 24);
    expectFormatted(heading, '専門家の意見:', true, 22);
    expectFormatted(name1, '【税理士】', true, 20);
    expectFormatted(answer1, expertItem.expertAnswers![0]!.answer, false, 20);
    expectFormatted(name2, '【弁護士】', true, 20);
    expectFormatted(answer2, expertItem.expertAnswers![1]!.answer, false, 20);
    expectFormatted(integratedHeading, '統合回答:', true, 22);
    expectFormatted(integrated, expertItem.integratedAnswer!, false, 20);
  });

  it('keeps every heading on the page of the paragraph that follows it', async () => {
    const plain = await paragraphs({
      title: 'FAQリスト',
      items: [{ question: '営業時間は？', answer: '午前7時からです。' }],
    });
    expect(plain.map((paragraph) => [paragraph.text, paragraph.keepNext])).toEqual([
      ['FAQリスト', true],
      ['Q1: 営業時間は？', true],
      ['A: 午前7時からです。', false],
    ]);
    const experts = await paragraphs({ title: 'FAQリスト', items: [expertItem] });
    expect(experts.slice(1).map((paragraph) => paragraph.keepNext)).toEqual([
      true, // Q1
      true, // 専門家の意見:
      true, // 【税理士】
      false,
      true, // 【弁護士】
      false,
      true, // 統合回答:
      false,
    ]);
  });

  it('expert items without an integrated answer have no integrated heading and no A: line', async () => {
    const all = await paragraphs({
      title: 'FAQリスト',
      items: [{ ...expertItem, integratedAnswer: undefined }],
    });
    expect(all.map((paragraph) => paragraph.text)).not.toContain('統合回答:');
    expect(all.some((paragraph) => paragraph.text.startsWith('A: '))).toBe(false);
  });

  it('adds the source URL as a link (確認用) and escapes XML characters in the text', async () => {
    const zip = await unzip(
      {
        title: 'R&D <FAQ>',
        items: [
          {
            question: '"A&B" <比較> はできますか？',
            answer: 'はい & いいえ',
            sourceUrl: 'https://example.jp/faq?a=1&b=2',
          },
        ],
      },
      { variant: 'review' },
    );
    const xml = await zip.file('word/document.xml')!.async('string');
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(xml).toContain('R&amp;D &lt;FAQ&gt;');
    expect(xml).toMatch(/<w:hyperlink [^>]*r:id="[^"]+"/);
    expect(rels).toContain('Target="https://example.jp/faq?a=1&amp;b=2"');
    const all = await paragraphs(
      { title: 'x', items: [{ question: 'q', answer: 'a', sourceUrl: 'https://example.jp/faq' }] },
      { variant: 'review' },
    );
    expect(all.at(-1)!.text).toBe('出典: https://example.jp/faq');
  });

  const sourced: ExportDocument = {
    title: 'x',
    items: [
      {
        question: 'q',
        answer: 'a',
        sourceUrl: 'https://example.jp/faq',
        evidence: '営業時間は10時から18時です。',
        belowLength: true,
      },
    ],
    unanswered: ['駐車場はありますか？'],
  };

  it('確認用 puts the evidence (根拠) under the source, then the 要確認 note', async () => {
    const all = await paragraphs(sourced, { variant: 'review' });
    expect(all.slice(1, -2).map((paragraph) => paragraph.text)).toEqual([
      'Q1: q',
      'A: a',
      '出典: https://example.jp/faq',
      '根拠: 営業時間は10時から18時です。',
      BELOW_LENGTH_NOTE,
    ]);
  });

  it('公開用, also when no variant is given, has the questions and answers only', async () => {
    for (const options of [undefined, {}, { variant: 'public' } as const]) {
      const all = await paragraphs(sourced, options);
      expect(all.map((paragraph) => paragraph.text)).toEqual(['x', 'Q1: q', 'A: a']);
    }
  });

  it('refuses a variant that is neither 公開用 nor 確認用, in Japanese', async () => {
    await expect(unzip(sourced, { variant: 'draft' as unknown as 'public' })).rejects.toThrow(
      '出力の種類は「公開用」か「確認用」を選んでください',
    );
  });

  it('lists the questions the page left unanswered in an appendix after the FAQs, only when there are some', async () => {
    const items = [{ question: '営業時間は？', answer: '午前7時から午後7時までです。' }];
    const withAppendix = await paragraphs(
      {
        title: '山田ベーカリー',
        items,
        unanswered: ['駐車場はありますか？', '支払い方法は何がありますか？'],
      },
      { variant: 'review' },
    );
    const [heading, first, second] = withAppendix.slice(-3);
    expect(heading).toMatchObject({ keepNext: true });
    expectFormatted(heading, '付録: ページに答えがない、よくある質問（未回答）', true, 22);
    expectFormatted(first, '・駐車場はありますか？', false, 20);
    expectFormatted(second, '・支払い方法は何がありますか？', false, 20);
    expect(withAppendix.findIndex((p) => p.text === 'Q1: 営業時間は？')).toBeLessThan(
      withAppendix.indexOf(heading!),
    );

    for (const unanswered of [undefined, []]) {
      const texts = (
        await paragraphs({ title: '山田ベーカリー', items, unanswered }, { variant: 'review' })
      ).map((p) => p.text);
      expect(texts.some((text) => text.startsWith('付録'))).toBe(false);
    }
  });

  it('sets an East Asian font and Japanese as document defaults', async () => {
    const zip = await unzip({ title: 't', items: [{ question: 'q', answer: 'a' }] });
    const styles = await zip.file('word/styles.xml')!.async('string');
    const defaults = /<w:docDefaults>([\s\S]*?)<\/w:docDefaults>/.exec(styles)![1]!;
    expect(defaults).toMatch(/<w:rFonts [^>]*w:eastAsia="游ゴシック"/);
    expect(defaults).toMatch(/<w:lang [^>]*w:eastAsia="ja-JP"/);
    // The Title style keeps its own size and inherits the East Asian font.
    expect(styles).toMatch(/w:styleId="Title"[\s\S]*?<w:sz w:val="56"\/>/);
  });

  it('100 items × 5 experts: every question, expert and integrated answer, in order', async () => {
    const items = Array.from({ length: 100 }, (_, index) => ({
      question: `質問${index + 1}：返品はできますか？`,
      answer: `統合回答${index + 1}`,
      expertAnswers: Array.from({ length: 5 }, (_, expert) => ({
        expert: `専門家${expert + 1}`,
        answer: `専門家${expert + 1}から見た回答${index + 1}`,
      })),
      integratedAnswer: `統合回答${index + 1}`,
    }));
    const [title, ...body] = await paragraphs({ title: 'FAQリスト', items });
    expect(title!.text).toBe('FAQリスト');
    // Per item: question, heading, 5 × (name, answer), integrated heading, integrated answer.
    expect(body).toHaveLength(100 * 14);
    items.forEach((item, index) => {
      const block = body.slice(index * 14, (index + 1) * 14);
      expectFormatted(block[0], `Q${index + 1}: ${item.question}`, true, 24);
      expectFormatted(block[1], '専門家の意見:', true, 22);
      item.expertAnswers.forEach((expert, position) => {
        expectFormatted(block[2 + position * 2], `【${expert.expert}】`, true, 20);
        expectFormatted(block[3 + position * 2], expert.answer, false, 20);
      });
      expectFormatted(block[12], '統合回答:', true, 22);
      expectFormatted(block[13], item.integratedAnswer, false, 20);
    });
  });
});

function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// CI installs LibreOffice and poppler (.ci/run), so there the check must run; a developer
// machine without them skips it.
const canRender = hasCommand('soffice') && hasCommand('pdftotext');
describe.skipIf(!canRender && !process.env.CI)('Word file in LibreOffice', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'faq-docx-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('converts to PDF with the Japanese text intact and a CJK font embedded', async () => {
    const file = path.join(dir, 'faq.docx');
    const blob = await buildWordBlob({
      title: 'よくある質問',
      items: [
        { question: '駐車場はありますか？', answer: '店舗裏に5台分の駐車場がございます。' },
        expertItem,
      ],
    });
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    execFileSync(
      'soffice',
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${dir}/lo-profile`,
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 90_000, stdio: 'ignore' },
    );
    const pdf = path.join(dir, 'faq.pdf');
    execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, path.join(dir, 'faq.txt')]);
    // pdftotext puts spaces around Latin runs inside Japanese text; compare without whitespace.
    const text = readFileSync(path.join(dir, 'faq.txt'), 'utf8').replace(/\s+/g, '');
    for (const expected of [
      'よくある質問',
      'Q1:駐車場はありますか？',
      'A:店舗裏に5台分の駐車場がございます。',
      'Q2:相続税はかかりますか？',
      '専門家の意見:',
      '【税理士】',
      '遺産分割協議の内容によって税額が変わることがあります。',
      '統合回答:',
    ])
      expect(text).toContain(expected);
    if (hasCommand('pdffonts')) {
      const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' });
      expect(fonts).toMatch(/CJK|Gothic|JP|Mincho/i);
    }
  }, 120_000);
});
