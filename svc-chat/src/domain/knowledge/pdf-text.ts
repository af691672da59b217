import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Why a PDF gave no text: a password on it, or bytes pdf.js cannot read as a PDF. */
export type PdfFailure = 'encrypted' | 'unreadable';

export class PdfTextError extends Error {
  override readonly name = 'PdfTextError';
  constructor(
    readonly reason: PdfFailure,
    detail: string,
  ) {
    super(detail);
  }
}

// pdf.js is an ES module that starts a "fake worker" of its own; run in a worker thread it neither
// blocks the event loop that streams replies while a 20 MB file is parsed nor goes through the
// CommonJS transform the tests run the sources with. The thread is plain JavaScript for that reason.
// One thread serves one file at a time and stays a while for the next (starting it and loading
// pdf.js costs more than reading a ten-page PDF).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = import(workerData.pdfjs);
parentPort.on('message', async ({ id, bytes }) => {
  try {
    const { getDocument } = await loading;
    const pdf = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
    const pages = [];
    try {
      for (let number = 1; number <= pdf.numPages; number += 1) {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        let text = '';
        for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : ' ');
        pages.push(text);
        page.cleanup();
      }
    } finally {
      await pdf.destroy();
    }
    parentPort.postMessage({ id, ok: true, pages });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, name: String(error && error.name), message: String(error && error.message) });
  }
});
`;

const pdfjsModule = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/** Longest a PDF may take to read before it counts as unreadable (a hostile file must not hold the thread). */
const PDF_TIMEOUT_MS = 120_000;
/** How long the reader thread waits for another file before it ends (its memory goes with it). */
const IDLE_MS = 30_000;

type WorkerAnswer = { id: number; ok: true; pages: string[] } | { id: number; ok: false; name: string; message: string };

let reader: { worker: Worker; idle: NodeJS.Timeout | undefined } | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 0;

function readerThread(): Worker {
  if (reader) {
    clearTimeout(reader.idle);
    return reader.worker;
  }
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfjs: pdfjsModule }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  // Never what keeps a process running.
  worker.unref();
  reader = { worker, idle: undefined };
  worker.once('exit', () => {
    if (reader?.worker === worker) reader = undefined;
  });
  return worker;
}

function endReader(): void {
  const ending = reader;
  reader = undefined;
  if (ending) void ending.worker.terminate();
}

function readOne(bytes: Uint8Array): Promise<string[]> {
  const worker = readerThread();
  const id = (nextId += 1);
  return new Promise<string[]>((resolve, reject) => {
    const done = (work: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reader?.worker === worker) reader.idle = setTimeout(endReader, IDLE_MS).unref();
      work();
    };
    const onMessage = (answer: WorkerAnswer) => {
      if (answer.id !== id) return;
      done(() =>
        answer.ok ? resolve(answer.pages) : reject(new PdfTextError(answer.name === 'PasswordException' ? 'encrypted' : 'unreadable', `${answer.name}: ${answer.message}`)),
      );
    };
    const onError = (error: Error) => {
      endReader();
      done(() => reject(new PdfTextError('unreadable', error.message)));
    };
    const onExit = (code: number) => done(() => reject(new PdfTextError('unreadable', `the PDF reader stopped (exit ${code})`)));
    const timer = setTimeout(() => {
      endReader();
      done(() => reject(new PdfTextError('unreadable', `no text after ${PDF_TIMEOUT_MS} ms`)));
    }, PDF_TIMEOUT_MS);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, bytes });
  });
}

/** The text of each page of a PDF, first page first (a page without text is an empty string). One file at a time. */
export function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const result = queue.then(() => readOne(bytes));
  queue = result.catch(() => undefined);
  return result;
}
