import {
  extractedContentSchema,
  fetchResponseSchema,
  FILE_TOO_LARGE,
  scrapeResponseSchema,
  type ExtractedContent,
  type FetchResponse,
  type ScrapeResponse,
} from '../../../shared/data.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { api, ApiError } from '../api-client.ts';
import { platformPath } from './project.ts';

/** The data API (docs/spec.md §7): the server's fetcher and extractors. */
export const data = {
  async extractFromUrl(url: string): Promise<ExtractedContent> {
    return api.post(
      await platformPath('data', 'extract-from-url'),
      { url },
      { schema: extractedContentSchema },
    );
  },
  /** A document from the user's device; the server reads its type from the bytes. */
  async extractFromBlob(file: Blob, filename = 'upload'): Promise<ExtractedContent> {
    // Refused here rather than after uploading 50 MB for nothing.
    if (file.size > UPLOAD_MAX_BYTES) throw new ApiError('DATA_ERROR', FILE_TOO_LARGE, 413);
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : filename);
    return api.post(await platformPath('data', 'extract-from-blob'), form, {
      schema: extractedContentSchema,
    });
  },
  async scrape(
    url: string,
    options: { includeSubpages?: boolean; maxPages?: number } = {},
  ): Promise<ScrapeResponse> {
    return api.post(
      await platformPath('data', 'scrape'),
      { url, ...options },
      { schema: scrapeResponseSchema },
    );
  },
  async fetch(url: string): Promise<FetchResponse> {
    return api.post(await platformPath('data', 'fetch'), { url }, { schema: fetchResponseSchema });
  },
};
