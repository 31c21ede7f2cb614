import { HttpError } from '../../lib/http-error.ts';
import { parseDocument } from './document-extract.ts';
import {
  EXTRACTED_TOO_LARGE_MESSAGE,
  MAX_EXTRACTED_CHARS,
  type ParseAnswer,
  type ParseJob,
} from './document-isolation.ts';
import { extractHtml, type ExtractedPage } from './html-extract.ts';
import { announceReady, type AnswerMessage, type JobMessage } from './parser-pool.ts';
import { sitemapLinks } from './sitemap.ts';

/**
 * Entry of a parsing child (document-isolation.ts): runs one job at a time on untrusted bytes
 * and answers with the result or the error. Its parent kills it past its memory or time cap.
 */
/** The answer is copied into the server's memory: a 100 MB document's text must not be. */
function bounded<T extends ExtractedPage>(page: T): T {
  if (page.text.length > MAX_EXTRACTED_CHARS || page.markdown.length > MAX_EXTRACTED_CHARS)
    throw new HttpError(413, EXTRACTED_TOO_LARGE_MESSAGE);
  return page;
}

async function answer(job: ParseJob): Promise<ParseAnswer> {
  try {
    switch (job.type) {
      case 'document':
        return {
          ok: true,
          value: bounded(
            await parseDocument(
              Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length),
              job.source,
            ),
          ),
        };
      case 'html':
        return { ok: true, value: bounded(extractHtml(job.html, job.url)) };
      case 'sitemap':
        return { ok: true, value: sitemapLinks(job.xml) };
    }
  } catch (error) {
    return error instanceof HttpError
      ? { ok: false, status: error.status, message: error.message }
      : { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (message: JobMessage<ParseJob>) => {
  void answer(message.job).then((result) => {
    const reply: AnswerMessage<ParseAnswer> = { id: message.id, answer: result };
    process.send!(reply);
  });
});
// The server went away (or closed the pool): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
announceReady();
