import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error.ts';
import type { DocumentKind, DocumentSource, ExtractedDocument } from './document-extract.ts';
import { declaredUncompressedSize } from './zip-size.ts';

/** Everything a DOCX or XLSX may inflate to, all entries together. */
export const MAX_INFLATED_BYTES = 100 * 1024 * 1024;
/** Heap of one parsing worker; past it the worker dies, not the server. */
export const WORKER_HEAP_MB = 512;
export const WORKER_TIME_LIMIT_MS = 30_000;
/** Parsers running at once per process; more requests wait their turn. */
const MAX_WORKERS = 2;
/** Below this, plain-text kinds parse in place: a worker's start-up costs more than they do. */
const IN_PROCESS_MAX_BYTES = 256 * 1024;

export const INFLATED_TOO_LARGE_MESSAGE = `ファイルを展開すると大きすぎるため読み込めません（展開後${MAX_INFLATED_BYTES / (1024 * 1024)}MBまで）。内容を分けてお試しください`;
export const PARSE_TOO_HEAVY_MESSAGE =
  'ファイルの読み込みに必要な処理が大きすぎるため中止しました。ファイルを小さく分けてお試しください';

const HEAVY_KINDS = new Set<DocumentKind>(['pdf', 'docx', 'spreadsheet']);

/** Refuses a ZIP-based document whose declared contents are too large, before any parsing. */
export function assertInflatedSize(kind: DocumentKind, bytes: Buffer): void {
  if (kind !== 'docx' && kind !== 'spreadsheet') return;
  const declared = declaredUncompressedSize(bytes);
  if (declared !== null && declared > MAX_INFLATED_BYTES) {
    throw new HttpError(413, INFLATED_TOO_LARGE_MESSAGE);
  }
}

export function needsWorker(kind: DocumentKind, bytes: Buffer): boolean {
  return HEAVY_KINDS.has(kind) || bytes.length > IN_PROCESS_MAX_BYTES;
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

type WorkerAnswer =
  { ok: true; document: ExtractedDocument } | { ok: false; status: number; message: string };

/**
 * Parses in a worker thread with its own heap limit and a time limit that terminates it, so a
 * decompression bomb or a pathological file costs one worker, never the event loop that
 * serves everyone else.
 */
export async function parseInWorker(
  bytes: Buffer,
  source: DocumentSource,
): Promise<ExtractedDocument> {
  const release = await slot();
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const worker = new Worker(new URL('./document-worker.ts', import.meta.url), {
        workerData: { bytes: new Uint8Array(bytes), source },
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
      });
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
        void worker.terminate();
      };
      const timer = setTimeout(
        () => finish(() => reject(new HttpError(422, PARSE_TOO_HEAVY_MESSAGE))),
        WORKER_TIME_LIMIT_MS,
      );
      worker.once('message', (message: WorkerAnswer) => finish(() => resolve(message)));
      worker.once('error', (error: Error & { code?: string }) =>
        finish(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new HttpError(413, PARSE_TOO_HEAVY_MESSAGE, { cause: error })
              : error,
          ),
        ),
      );
      worker.once('exit', (code) =>
        finish(() => reject(new Error(`document worker exited with code ${code}`))),
      );
    });
    if (answer.ok) return answer.document;
    if (answer.status > 0) throw new HttpError(answer.status, answer.message);
    throw new Error(answer.message);
  } finally {
    release();
  }
}
