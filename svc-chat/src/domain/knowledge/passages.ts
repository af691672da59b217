import { estimateTokens } from '@agentdock/contracts';
import type { ExtractedPage } from './extract';

/** A piece of a file small enough to quote: about 200 tokens, never across a PDF page. */
export interface PassageDraft {
  ordinal: number;
  page: number | null;
  text: string;
  tokens: number;
}

/** How long a passage grows (characters, about 200 tokens) before the next piece starts a new one. */
export const PASSAGE_CHARS = 800;

/** Paragraphs, then sentences, then words: the largest pieces that fit in a passage. */
function pieces(text: string): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return paragraphs.flatMap((paragraph) => {
    if (paragraph.length <= PASSAGE_CHARS) return [paragraph];
    return (paragraph.match(/[^.!?]+(?:[.!?]+|$)\s*/g) ?? [paragraph]).flatMap((sentence) => {
      const trimmed = sentence.trim();
      if (trimmed.length <= PASSAGE_CHARS) return trimmed ? [trimmed] : [];
      const words: string[] = [];
      let line = '';
      for (const word of trimmed.split(' ')) {
        // A "word" longer than a passage (a hash, a run of digits) is cut where it must be.
        for (let start = 0; start < word.length; start += PASSAGE_CHARS) {
          const part = word.slice(start, start + PASSAGE_CHARS);
          if (line && line.length + 1 + part.length > PASSAGE_CHARS) {
            words.push(line);
            line = part;
          } else line = line ? `${line} ${part}` : part;
        }
      }
      if (line) words.push(line);
      return words;
    });
  });
}

/** A file's pages as passages, in reading order; a paragraph stays whole where it fits. */
export function splitPassages(pages: readonly ExtractedPage[]): PassageDraft[] {
  const passages: PassageDraft[] = [];
  const push = (page: number | null, text: string) => passages.push({ ordinal: passages.length, page, text, tokens: estimateTokens(text) });
  for (const { page, text } of pages) {
    let current = '';
    for (const piece of pieces(text)) {
      if (current && current.length + 2 + piece.length > PASSAGE_CHARS) {
        push(page, current);
        current = piece;
      } else current = current ? `${current}\n\n${piece}` : piece;
    }
    if (current) push(page, current);
  }
  return passages;
}
