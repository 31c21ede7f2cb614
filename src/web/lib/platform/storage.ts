import {
  downloadResponseSchema,
  removeResponseSchema,
  uploadResponseSchema,
  type DownloadResponse,
  type RemoveResponse,
  type UploadResponse,
} from '../../../shared/storage.ts';
import { api, ApiError } from '../api-client.ts';
import { platformPath } from './project.ts';

const NETWORK_PREFIX = /^Network request failed: /;

/**
 * The storage API (docs/spec.md §7): files in the signed-in user's own space. Paths are relative
 * ("reports/2026.pdf"); the server may correct the extension from the bytes and answers
 * with the path it used.
 */
export const storage = {
  async upload(
    file: Blob,
    path: string,
    options: { upsert?: boolean } = {},
  ): Promise<UploadResponse> {
    const form = new FormData();
    // Fields before the file: the server decides where the bytes go before reading them.
    form.append('path', path);
    form.append('options', JSON.stringify({ upsert: options.upsert ?? false }));
    form.append('file', file, file instanceof File ? file.name : path.split('/').pop() || 'file');
    const url = await platformPath('storage', 'upload');
    try {
      return await api.post(url, form, { schema: uploadResponseSchema });
    } catch (error) {
      // docs/spec.md §8 names a failed upload transfer explicitly; the client's wording is generic.
      if (error instanceof ApiError && error.kind === 'NETWORK_ERROR') {
        throw new ApiError(
          'NETWORK_ERROR',
          `File upload failed: ${error.message.replace(NETWORK_PREFIX, '')}`,
          0,
        );
      }
      throw error;
    }
  },

  /** A signed URL valid for 15 minutes, plus what the file is. */
  async download(path: string, filename?: string): Promise<DownloadResponse> {
    const query = new URLSearchParams({ path, ...(filename ? { filename } : {}) });
    return api.get(`${await platformPath('storage', 'download')}?${query}`, {
      schema: downloadResponseSchema,
    });
  },

  /** The file's bytes, through its signed URL (the spec's STORAGE_ERROR when that fails). */
  async read(path: string): Promise<Blob> {
    const { downloadUrl } = await storage.download(path);
    let response: Response;
    try {
      // Not through the API client: the URL carries its own signature (or is S3's presigned
      // URL on another host), so no bearer token may go with it.
      response = await fetch(downloadUrl);
    } catch (error) {
      throw new ApiError(
        'STORAGE_ERROR',
        `File download failed: ${error instanceof Error ? error.message : String(error)}`,
        0,
      );
    }
    if (!response.ok)
      throw new ApiError(
        'STORAGE_ERROR',
        `File download failed: HTTP ${response.status}`,
        response.status,
      );
    return response.blob();
  },

  async remove(paths: string[]): Promise<RemoveResponse> {
    return api.delete(await platformPath('storage', 'remove'), {
      body: { paths },
      schema: removeResponseSchema,
    });
  },
};
