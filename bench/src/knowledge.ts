import PDFDocument from 'pdfkit';
import type { KnowledgePlatform } from './knowledge-platform';
import { firstLine, startProcess, stopAll } from './processes';

const FILES = Number(process.env.BENCH_KNOWLEDGE_FILES ?? 1_000);
const PAGES = 10;
/** Files uploaded as PDFs (page by page through pdf.js); the rest as Markdown of the same ten pages' text. */
const PDF_FILES = Number(process.env.BENCH_KNOWLEDGE_PDFS ?? 100);
const SAMPLES = Number(process.env.BENCH_KNOWLEDGE_SAMPLES ?? 200);

// Prose-like text: 4,000 made-up words drawn with Zipf's law (the word of rank r with a chance
// proportional to 1 / r), so a few words are in most passages and most are rare, as in real
// documents; a vocabulary of a few dozen equally likely words would put every word in every passage.
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'ta', 'vos', 'pel', 'dri', 'nu', 'sar', 'qui', 'bem', 'tor', 'fa', 'gli', 'hes'];
const VOCABULARY = Array.from({ length: 4_000 }, (_, index) => {
  let word = '';
  for (let rest = index + 17; rest > 0; rest = Math.floor(rest / SYLLABLES.length)) word += SYLLABLES[rest % SYLLABLES.length];
  return word;
});
const HARMONIC: number[] = [];
VOCABULARY.reduce((sum, _word, index) => (HARMONIC[index] = sum + 1 / (index + 1)), 0);

function zipfWord(random: number): string {
  const target = random * HARMONIC[HARMONIC.length - 1]!;
  let low = 0;
  let high = HARMONIC.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (HARMONIC[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return VOCABULARY[low]!;
}

/** Deterministic filler: a page of four paragraphs of five twelve-word sentences (about 1,700 characters). */
function pageText(file: number, page: number): string {
  let seed = file * 7_919 + page * 104_729 + 1;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const paragraphs: string[] = [];
  for (let paragraph = 0; paragraph < 4; paragraph += 1) {
    const sentences: string[] = [];
    for (let sentence = 0; sentence < 5; sentence += 1) sentences.push(`${Array.from({ length: 12 }, () => zipfWord(next())).join(' ')}.`);
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

function pdfBytes(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) {
    doc.addPage();
    doc.fontSize(10).text(text);
  }
  doc.end();
  return done;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeToFirstToken(url: string, token: string, message: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ message }) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let seen = '';
  let elapsed: number | undefined;
  for await (const text of response.body.pipeThrough(new TextDecoderStream())) {
    if (elapsed !== undefined) continue;
    seen += text;
    if (seen.includes('event: token')) elapsed = performance.now() - started;
  }
  if (elapsed === undefined) throw new Error(`${url} ended before its first token`);
  return elapsed;
}

/**
 * Knowledge: indexing throughput (pages/s, PDFs and Markdown, uploaded one after another through
 * the gateway) into an index of 1,000 files of 10 pages, then the time to the first token of an
 * agent with that knowledge against one without, alternating. Prints figures; asserts nothing.
 */
export async function benchKnowledge(): Promise<void> {
  const started = startProcess('knowledge platform', ['--import', 'tsx', 'bench/src/knowledge-platform.ts'], {}, { readStdout: true });
  try {
    const platform = JSON.parse(await firstLine(started)) as KnowledgePlatform;
    const agents = platform.knowledgeAgentIds;
    const upload = async (file: number, name: string, bytes: Uint8Array) => {
      const response = await fetch(`${platform.gatewayUrl}/api/chat/admin/agents/${agents[file % agents.length]}/knowledge/files/${encodeURIComponent(name)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${platform.adminToken}` },
        body: new Blob([new Uint8Array(bytes)]),
      });
      if (!response.ok) throw new Error(`upload of ${name} answered ${response.status}: ${await response.text()}`);
    };
    // Files are built before the clock starts: only the upload and indexing are timed.
    const timed = { pdf: { ms: 0, pages: 0 }, markdown: { ms: 0, pages: 0 } };
    for (let file = 0; file < FILES; file += 1) {
      const pages = Array.from({ length: PAGES }, (_, page) => pageText(file, page + 1));
      const kind = file < PDF_FILES ? 'pdf' : 'markdown';
      const bytes = kind === 'pdf' ? await pdfBytes(pages) : new TextEncoder().encode(pages.join('\n\n'));
      const start = performance.now();
      await upload(file, `file-${file}.${kind === 'pdf' ? 'pdf' : 'md'}`, bytes);
      timed[kind].ms += performance.now() - start;
      timed[kind].pages += PAGES;
    }
    console.log(
      `\nKnowledge — indexing ${FILES} files of ${PAGES} pages (${PDF_FILES} PDFs, the rest Markdown) for ${agents.length} agents, one upload at a time through the gateway, PGlite`,
    );
    for (const [kind, { ms, pages }] of Object.entries(timed)) {
      if (pages) console.log(`  ${kind.padEnd(10)} ${((pages / ms) * 1000).toFixed(0).padStart(6)} pages/s   (${pages} pages in ${(ms / 1000).toFixed(1)} s)`);
    }
    const total = timed.pdf.pages + timed.markdown.pages;
    console.log(`  overall    ${((total / (timed.pdf.ms + timed.markdown.ms)) * 1000).toFixed(0).padStart(6)} pages/s`);

    // Questions mixing common words with rarer ones, as a customer's do; the last shares no word with the files.
    const [common, often, rarer, rare] = [VOCABULARY[3]!, VOCABULARY[40]!, VOCABULARY[700]!, VOCABULARY[2_500]!];
    const questions = [
      `What is the ${often} of ${rarer} for ${common}?`,
      `How does ${rare} change the ${often}?`,
      `Tell me about ${rarer} and ${rare}`,
      'Prepare my board meeting',
    ];
    const sendUrl = (agentId: string) => `${platform.gatewayUrl}/api/chat/agents/${agentId}/messages`;
    const bare: number[] = [];
    const withKnowledge: number[] = [];
    // A few of each first: caches warm and statements parsed, so neither side is measured cold.
    for (let index = 0; index < 10; index += 1) {
      await timeToFirstToken(sendUrl(platform.bareAgentId), platform.userToken, questions[index % questions.length]!);
      await timeToFirstToken(sendUrl(agents[0]!), platform.userToken, questions[index % questions.length]!);
    }
    for (let index = 0; index < SAMPLES; index += 1) {
      const question = questions[index % questions.length]!;
      bare.push(await timeToFirstToken(sendUrl(platform.bareAgentId), platform.userToken, question));
      withKnowledge.push(await timeToFirstToken(sendUrl(agents[0]!), platform.userToken, question));
    }
    const row = (label: string, values: number[]) =>
      `  ${label.padEnd(36)} p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(2).padStart(7)} ms`;
    console.log(`\nKnowledge — time to the first streamed token, ${SAMPLES} sends each, alternating (goal: ≤ 15 ms added at p50)`);
    console.log(row('agent without knowledge', bare));
    console.log(row(`agent with ${Math.ceil(FILES / agents.length)} of the ${FILES} files`, withKnowledge));
    console.log(`  added at p50: ${(percentile(withKnowledge, 50) - percentile(bare, 50)).toFixed(2)} ms (retrieval, and the model reading the passages)`);
  } finally {
    await stopAll([started]);
  }
}
