import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error.ts';
import { parseDocument, type DocumentSource } from './document-extract.ts';

/** Worker entry: parses one document off the main event loop (see document-isolation.ts). */
const { bytes, source } = workerData as { bytes: Uint8Array; source: DocumentSource };
try {
  const document = await parseDocument(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    source,
  );
  parentPort!.postMessage({ ok: true, document });
} catch (error) {
  parentPort!.postMessage(
    error instanceof HttpError
      ? { ok: false, status: error.status, message: error.message }
      : { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) },
  );
}
