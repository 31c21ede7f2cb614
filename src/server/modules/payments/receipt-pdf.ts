import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatJapanDate } from '../../../shared/japan-time.ts';
import { formatYenPlain } from '../../lib/format.ts';

export interface ReceiptContent {
  number: string;
  issuedAt: Date;
  transactionAt: Date;
  /** 宛名; null prints a blank line for the buyer to fill in. */
  buyerName: string | null;
  itemName: string;
  amountYen: number;
  taxYen: number;
  taxRatePercent: number;
  seller: {
    name: string;
    address: string;
    phone: string;
    email: string;
    /** Null: a plain 領収書, not a qualified invoice. */
    registrationNumber: string | null;
  };
  /** Printed under the figures when money was returned. */
  note: string | null;
}

const require = createRequire(import.meta.url);

/**
 * Noto Sans JP ships inside node_modules, so receipts need no network and no system fonts.
 * pdfkit embeds only the glyphs used, so a receipt stays small.
 */
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    bold: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
    ),
  };
  return fonts;
}

const LEFT = 56;
const RIGHT = 539;
const WIDTH = RIGHT - LEFT;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
/** The full-width space of Japanese forms. */
const WIDE_SPACE = '\u3000';

/** Honorifics a 宛名 may already end with: another 様 after them would be wrong (「御中 様」). */
const HONORIFIC_ENDING = /(?:御中|様|殿)$/;

/** The 宛名 line: the name and 様, unless the name already carries its honorific. */
export function addresseeLine(name: string | null): string {
  const buyer = (name ?? '').trim();
  return HONORIFIC_ENDING.test(buyer) ? buyer : `${buyer}${WIDE_SPACE}様`;
}

export function renderReceiptPdf(content: ReceiptContent): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const qualified = content.seller.registrationNumber !== null;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    lang: 'ja-JP',
    info: {
      Title: `領収書 ${content.number}`,
      Author: content.seller.name,
      Subject: qualified ? '適格請求書（領収書）' : '領収書',
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const amount = formatYenPlain(content.amountYen);
  const tax = formatYenPlain(content.taxYen);

  doc.fillColor(INK).font('bold').fontSize(24).text('領収書', LEFT, 64, { align: 'center' });
  if (qualified)
    doc.font('regular').fontSize(10).fillColor(MUTED).text('（適格請求書）', { align: 'center' });

  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(`領収書番号：${content.number}`, LEFT, 120, { width: WIDTH, align: 'right' });
  doc.text(`発行日：${formatJapanDate(content.issuedAt)}`, { width: WIDTH, align: 'right' });

  doc.font('bold').fontSize(16).text(addresseeLine(content.buyerName), LEFT, 170, { width: 300 });
  doc
    .moveTo(LEFT, doc.y + 2)
    .lineTo(LEFT + 300, doc.y + 2)
    .strokeColor(INK)
    .lineWidth(0.8)
    .stroke();

  doc.rect(LEFT, 220, WIDTH, 56).fillColor('#f1f5f9').fill();
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(22)
    .text(`金額${WIDE_SPACE}${amount}－（税込）`, LEFT, 236, { width: WIDTH, align: 'center' });

  doc.font('regular').fontSize(11).fillColor(INK);
  doc.text(`但し${WIDE_SPACE}${content.itemName}として`, LEFT, 292);
  doc.text('上記正に領収いたしました。');
  doc.text(`取引日：${formatJapanDate(content.transactionAt)}`);

  // The line items and the tax summary per rate (one rate here), as an invoice requires.
  let y = 370;
  const columns = [
    { label: '品目', x: LEFT + 8, width: 250, align: 'left' as const },
    { label: '数量', x: LEFT + 260, width: 40, align: 'right' as const },
    { label: '税率', x: LEFT + 310, width: 50, align: 'right' as const },
    { label: '金額（税込）', x: LEFT + 370, width: WIDTH - 378, align: 'right' as const },
  ];
  doc.rect(LEFT, y, WIDTH, 22).fillColor('#e2e8f0').fill();
  doc.fillColor(INK).font('bold').fontSize(10);
  for (const column of columns)
    doc.text(column.label, column.x, y + 6, { width: column.width, align: column.align });
  y += 22;
  const cells = [content.itemName, '1', `${content.taxRatePercent}%`, amount];
  doc.font('regular');
  columns.forEach((column, index) =>
    doc.text(cells[index]!, column.x, y + 8, { width: column.width, align: column.align }),
  );
  y += 30;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).lineWidth(0.8).stroke();
  y += 10;
  const summary: Array<[string, string]> = [
    [`${content.taxRatePercent}%対象（税込）`, amount],
    [`内消費税（${content.taxRatePercent}%）`, tax],
    ['合計（税込）', amount],
  ];
  for (const [label, value] of summary) {
    doc.font(label.startsWith('合計') ? 'bold' : 'regular').fontSize(10);
    doc.text(label, LEFT + 260, y, { width: 150, align: 'left' });
    doc.text(value, LEFT + 370, y, { width: WIDTH - 378, align: 'right' });
    y += 18;
  }
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text('消費税額は税込金額から算出し、1円未満を切り捨てています。', LEFT, y + 4);
  if (content.note)
    doc
      .fontSize(10)
      .fillColor('#b91c1c')
      .text(content.note, LEFT, y + 22);

  y = 640;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).lineWidth(0.8).stroke();
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(11)
    .text(content.seller.name, LEFT, y + 12);
  doc.font('regular').fontSize(9).fillColor(INK);
  doc.text(content.seller.address);
  doc.text(`TEL：${content.seller.phone}`);
  doc.text(`メール：${content.seller.email}`);
  if (qualified) doc.text(`登録番号：${content.seller.registrationNumber}`);
  // A footer below the bottom margin would start a second page.
  doc.page.margins.bottom = 0;
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text('本書は電子的に発行した領収書です。', LEFT, 780, { width: WIDTH, align: 'center' });

  doc.end();
  return done;
}
