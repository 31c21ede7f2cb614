import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxWithParagraphs, xlsxWithRows } from '../../../../tests/fixtures/zip-bomb.ts';
import { multipartBody } from '../../../../tests/helpers/images.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { INFLATED_TOO_LARGE_MESSAGE } from '../ingestion/document-isolation.ts';

let t: TestApp;
let user: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await seedUser(t.app);
});
afterAll(async () => {
  await t.close();
});

function extract(filename: string, data: Buffer) {
  const body = multipartBody({ filename, contentType: 'application/octet-stream', data });
  return t.app.inject({
    method: 'POST',
    url: '/api/data/faq-kobo/extract-from-blob',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('decompression bombs', () => {
  it('a DOCX and an XLSX inflating past the cap are refused before parsing with a Japanese 413', async () => {
    // About 130 MB of XML each, a few hundred kilobytes on the wire.
    for (const [name, bomb] of [
      ['bomb.docx', docxWithParagraphs(2_000_000)],
      ['bomb.xlsx', xlsxWithRows(1_800_000)],
    ] as const) {
      expect(bomb.length, name).toBeLessThan(3 * 1024 * 1024);
      const response = await extract(name, bomb);
      expect(response.statusCode, name).toBe(413);
      // This message comes only from the size check on the archive's directory, which runs
      // before any XML is inflated; the parser's own limits answer differently.
      expect(response.json().error.message).toBe(INFLATED_TOO_LARGE_MESSAGE);
    }
  });

  it('keeps answering other requests while a heavy document is parsed', async () => {
    // Lies about its size, so only the worker's own limits can stop it.
    const liar = docxWithParagraphs(2_000_000, 1024);
    let parsed = false;
    const parsing = extract('liar.docx', liar).finally(() => {
      parsed = true;
    });
    // Ordering, not timing: parsing on the event loop would hold every other request until it
    // ended, so no health answer could arrive while it is still under way.
    let answeredWhileParsing = 0;
    while (!parsed) {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (!parsed) answeredWhileParsing++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answeredWhileParsing).toBeGreaterThan(1);
    const response = await parsing;
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
  });
});
