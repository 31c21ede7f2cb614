import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  guideDocx,
  pricesWorkbook,
  scannedPdf,
  STORES_CSV,
  textPdf,
} from '../../../../tests/fixtures/documents.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  extractDocument,
  rowsToMarkdownTable,
  SCANNED_PDF_MESSAGE,
  sniffDocumentKind,
  UNSUPPORTED_MESSAGE,
} from './document-extract.ts';

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('extractDocument', () => {
  it('reads every page of a PDF with a text layer, and its title', async () => {
    const document = await extractDocument(textPdf(), { filename: 'guide.pdf' });
    expect(document.kind).toBe('pdf');
    expect(document.title).toBe('Bakery Guide');
    expect(document.text).toContain('Opening hours: 7:00 to 19:00');
    expect(document.text).toContain('reserved three days in advance');
  });

  it('says a scanned PDF has no text instead of returning nothing', async () => {
    const error = await rejection(extractDocument(scannedPdf()));
    expect(error.status).toBe(422);
    expect(error.message).toBe(SCANNED_PDF_MESSAGE);
  });

  it('turns Word headings, lists and tables into Markdown', async () => {
    const document = await extractDocument(await guideDocx(), { filename: 'x.bin' });
    expect(document.kind).toBe('docx');
    expect(document.title).toBe('ご利用ガイド');
    expect(document.markdown).toContain('# ご利用ガイド');
    expect(document.markdown).toMatch(/-\s+クレジットカード/);
    expect(document.markdown).toContain('| 食パン | 400円 |');
  });

  it('turns each sheet of an XLSX or XLS workbook into a table under its name', async () => {
    for (const bookType of ['xlsx', 'xls'] as const) {
      const document = await extractDocument(pricesWorkbook(bookType));
      expect(document.kind).toBe('spreadsheet');
      expect(document.markdown).toContain('## 価格表');
      expect(document.markdown).toContain('| 商品 | 価格 | 備考 |');
      expect(document.markdown).toContain('| 食パン | 400 | 毎朝焼き上げ |');
      expect(document.markdown).toContain('## 営業日');
      expect(document.markdown).toContain('| 水曜日 | 定休日 |');
    }
  });

  it('reads CSV with quoted fields and TSV, in Shift_JIS too', async () => {
    const csv = await extractDocument(iconv.encode(STORES_CSV, 'cp932'), {
      filename: 'stores.csv',
    });
    expect(csv.kind).toBe('csv');
    expect(csv.markdown).toContain('| 店舗 | 住所 | 電話 |');
    expect(csv.markdown).toContain('| 本店 | 東京都千代田区1-1 | 03-0000-0000 |');
    const tsv = await extractDocument(Buffer.from('曜日\t時間\n月曜日\t9:00〜18:00\n'), {
      contentType: 'text/tab-separated-values',
    });
    expect(tsv.markdown).toContain('| 月曜日 | 9:00〜18:00 |');
  });

  it('reads JSON, YAML and XML as readable YAML, and Markdown and logs as they are', async () => {
    const json = await extractDocument(
      Buffer.from('{"shop":{"name":"山田ベーカリー","open":"7:00"}}'),
      {
        contentType: 'application/json',
      },
    );
    expect(json.markdown).toContain('name: 山田ベーカリー');
    const yaml = await extractDocument(Buffer.from('shop:\n  closed: 水曜日\n'), {
      filename: 'shop.yml',
    });
    expect(yaml.markdown).toContain('closed: 水曜日');
    const xml = await extractDocument(
      Buffer.from('<?xml version="1.0"?><shop><name>山田ベーカリー</name></shop>'),
    );
    expect(xml.kind).toBe('xml');
    expect(xml.markdown).toContain('name: 山田ベーカリー');
    const markdown = await extractDocument(Buffer.from('# 案内\n\n- 駐車場なし\n'), {
      filename: 'guide.md',
    });
    expect(markdown.markdown).toBe('# 案内\n\n- 駐車場なし');
    const log = await extractDocument(Buffer.from('2026-01-01 受付開始\n'), {
      filename: 'x.log',
    });
    expect(log.kind).toBe('text');
    expect(log.text).toBe('2026-01-01 受付開始');
  });

  it('extracts HTML documents like pages', async () => {
    const document = await extractDocument(
      Buffer.from(
        '<!doctype html><html lang="ja"><head><title>案内</title></head><body><nav><a href="/">ホーム</a></nav><main><h1>案内</h1><p>当店は東京駅から徒歩5分の場所にあります。駐車場はございません。</p></main></body></html>',
      ),
      { filename: 'page.html', url: 'https://shop.example/page.html' },
    );
    expect(document.kind).toBe('html');
    expect(document.title).toBe('案内');
    expect(document.text).toContain('徒歩5分');
    expect(document.text).not.toContain('ホーム');
  });

  it('refuses binaries it cannot read with the list of formats', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const error = await rejection(extractDocument(png, { filename: 'photo.pdf' }));
    expect(error.status).toBe(415);
    expect(error.message).toBe(UNSUPPORTED_MESSAGE);
    const random = await rejection(extractDocument(Buffer.from([0, 1, 2, 3, 0, 255, 254])));
    expect(random.status).toBe(415);
  });

  it('trusts the leading bytes over a misleading name or content type', async () => {
    expect(await sniffDocumentKind(textPdf(), { filename: 'notes.txt' })).toBe('pdf');
    expect(
      await sniffDocumentKind(await guideDocx(), { contentType: 'application/octet-stream' }),
    ).toBe('docx');
    expect(
      await sniffDocumentKind(Buffer.from('a,b\n1,2\n'), {
        contentType: 'text/plain',
        filename: 'x.csv',
      }),
    ).toBe('csv');
  });

  it('reports a broken document clearly', async () => {
    const error = await rejection(
      extractDocument(Buffer.concat([textPdf().subarray(0, 40)]), { filename: 'x.pdf' }),
    );
    expect(error.status).toBe(422);
  });
});

describe('rowsToMarkdownTable', () => {
  it('pads ragged rows, escapes pipes and drops empty rows', () => {
    expect(rowsToMarkdownTable([['a', 'b|c'], [], ['1']])).toBe(
      '| a | b\\|c |\n| --- | --- |\n| 1 |  |',
    );
    expect(rowsToMarkdownTable([])).toBe('');
  });
});
