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
  // A bomb that passes this check (its directory lies, or stays under the cap) is parsed in a
  // child while the server keeps answering: parser-isolation.test.ts, each format once.
});
