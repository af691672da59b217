import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Why a PDF gave no text: a password on it, or bytes pdf.js cannot read as a PDF. */
export type PdfFailure = 'encrypted' | 'unreadable';

export class PdfTextError extends Error {
  override readonly name = 'PdfTextError';
  constructor(readonly reason: PdfFailure, detail: string) {
    super(detail);
  }
}

// pdf.js is an ES module that starts a "fake worker" of its own; run in a worker thread it neither
// blocks the event loop that streams replies while a 20 MB file is parsed nor goes through the
// CommonJS transform the tests run the sources with. The thread is plain JavaScript for that reason.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const { getDocument } = await import(workerData.pdfjs);
    const pdf = await getDocument({ data: workerData.bytes, verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
    const pages = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : ' ');
      pages.push(text);
      page.cleanup();
    }
    await pdf.destroy();
    parentPort.postMessage({ ok: true, pages });
  } catch (error) {
    parentPort.postMessage({ ok: false, name: String(error && error.name), message: String(error && error.message) });
  }
})();
`;

const pdfjsModule = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/** Longest a PDF may take to read before it counts as unreadable (a hostile file must not hold a thread). */
const PDF_TIMEOUT_MS = 120_000;

type WorkerAnswer = { ok: true; pages: string[] } | { ok: false; name: string; message: string };

/** The text of each page of a PDF, first page first (a page without text is an empty string). */
export function pdfPages(bytes: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfjs: pdfjsModule, bytes }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    let settled = false;
    const finish = (work: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      work();
    };
    const timer = setTimeout(() => finish(() => reject(new PdfTextError('unreadable', `no text after ${PDF_TIMEOUT_MS} ms`))), PDF_TIMEOUT_MS);
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.ok) resolve(answer.pages);
        else reject(new PdfTextError(answer.name === 'PasswordException' ? 'encrypted' : 'unreadable', `${answer.name}: ${answer.message}`));
      }),
    );
    worker.once('error', (error) => finish(() => reject(new PdfTextError('unreadable', error.message))));
    worker.once('exit', (code) => finish(() => reject(new PdfTextError('unreadable', `the PDF reader stopped (exit ${code})`))));
  });
}
