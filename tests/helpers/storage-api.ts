import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { multipartBody } from './images.ts';

/** Calls to /api/storage/{project}/… as one signed-in user. */
export function storageClient(
  app: FastifyInstance,
  headers: Record<string, string>,
  project = 'faq-kobo',
) {
  const base = `/api/storage/${project}`;
  return {
    upload(
      path: string,
      data: Buffer,
      options?: Record<string, unknown>,
      filename = path.split('/').pop() ?? 'file',
    ) {
      const fields: Record<string, string> = { path };
      if (options) fields.options = JSON.stringify(options);
      const body = multipartBody(
        { filename, contentType: 'application/octet-stream', data },
        fields,
      );
      return app.inject({
        method: 'POST',
        url: `${base}/upload`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    download(path: string, filename?: string) {
      const query = new URLSearchParams({ path, ...(filename ? { filename } : {}) });
      return app.inject({ method: 'GET', url: `${base}/download?${query}`, headers });
    },
    remove(paths: unknown) {
      return app.inject({
        method: 'DELETE',
        url: `${base}/remove`,
        headers,
        payload: { paths },
      });
    },
  };
}

/**
 * A multipart body with a file of `size` zero bytes, produced chunk by chunk (one 1 MiB
 * buffer reused), so a 50 MB upload never sits in memory several times over.
 */
export function streamingMultipart(
  size: number,
  fields: Record<string, string>,
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----faqkobo${Math.random().toString(16).slice(2)}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const chunk = Buffer.alloc(1024 * 1024);
  async function* generate() {
    yield Buffer.from(head);
    for (let left = size; left > 0; left -= chunk.length) {
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    }
    yield Buffer.from(tail);
  }
  const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
    },
  };
}
