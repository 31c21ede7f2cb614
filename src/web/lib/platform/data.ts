import type { ExtractedContent, FetchResponse, ScrapeResponse } from '../../../shared/data.ts';
import { api } from '../api-client.ts';
import { platformPath } from './project.ts';

/** The data API (spec §7): the server's fetcher and extractors. */
export const data = {
  async extractFromUrl(url: string): Promise<ExtractedContent> {
    return api.post(await platformPath('data', 'extract-from-url'), { url });
  },
  /** A document from the user's device; the server reads its type from the bytes. */
  async extractFromBlob(file: Blob, filename = 'upload'): Promise<ExtractedContent> {
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : filename);
    return api.post(await platformPath('data', 'extract-from-blob'), form);
  },
  async scrape(
    url: string,
    options: { includeSubpages?: boolean; maxPages?: number } = {},
  ): Promise<ScrapeResponse> {
    return api.post(await platformPath('data', 'scrape'), { url, ...options });
  },
  async fetch(url: string): Promise<FetchResponse> {
    return api.post(await platformPath('data', 'fetch'), { url });
  },
};
