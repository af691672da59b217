import { KNOWLEDGE_FILE_KINDS, KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeFileKind } from '@agentdock/contracts';
import { convert } from 'html-to-text';
import { KnowledgeFileError } from './errors';
import { PdfTextError, pdfPages } from './pdf-text';

/** A page of text: a PDF's page number, or null for a file without pages. */
export interface ExtractedPage {
  page: number | null;
  text: string;
}

export interface ExtractedFile {
  kind: KnowledgeFileKind;
  pages: ExtractedPage[];
}

/** What a file is read as, from its ending; null for any other kind of file. */
export function fileKind(fileName: string): KnowledgeFileKind | null {
  const ending = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ending && Object.hasOwn(KNOWLEDGE_FILE_KINDS, ending) ? KNOWLEDGE_FILE_KINDS[ending as keyof typeof KNOWLEDGE_FILE_KINDS] : null;
}

const PDF_MAGIC = '%PDF-';

/** UTF-8 text, or null for bytes that are not (a binary file with a text ending). */
function utf8Text(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    // A NUL never appears in text a person wrote: it is a binary file under a text name.
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'nav', format: 'skip' },
    ],
  });
}

/**
 * The text of an uploaded file, page by page for a PDF. Refuses (naming the file) what cannot
 * become knowledge: too large, another kind of file, no text at all, a password-protected or
 * unreadable PDF.
 */
export async function extractText(fileName: string, bytes: Uint8Array): Promise<ExtractedFile> {
  if (bytes.byteLength > KNOWLEDGE_FILE_MAX_BYTES) throw new KnowledgeFileError('knowledge_file_too_large', fileName);
  const kind = fileKind(fileName);
  if (!kind) throw new KnowledgeFileError('knowledge_file_type', fileName);
  if (bytes.byteLength === 0) throw new KnowledgeFileError('knowledge_file_empty', fileName);
  let pages: ExtractedPage[];
  if (kind === 'pdf') {
    if (new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).indexOf(PDF_MAGIC) === -1) throw new KnowledgeFileError('knowledge_file_unreadable', fileName);
    try {
      pages = (await pdfPages(bytes)).map((text, index) => ({ page: index + 1, text }));
    } catch (error) {
      if (error instanceof PdfTextError) throw new KnowledgeFileError(error.reason === 'encrypted' ? 'knowledge_file_encrypted' : 'knowledge_file_unreadable', fileName);
      throw error;
    }
  } else {
    const text = utf8Text(bytes);
    if (text === null) throw new KnowledgeFileError('knowledge_file_type', fileName);
    pages = [{ page: null, text: kind === 'html' ? htmlText(text) : text }];
  }
  if (pages.every((page) => page.text.trim() === '')) throw new KnowledgeFileError('knowledge_file_empty', fileName);
  return { kind, pages };
}
