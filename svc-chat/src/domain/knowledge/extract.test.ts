import { KNOWLEDGE_FILE_MAX_BYTES } from '@agentdock/contracts';
import { pdfFile } from '../../../test/knowledge-files';
import { extractText, fileKind } from './extract';
import { PASSAGE_CHARS, splitPassages } from './passages';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('extracting a knowledge file', () => {
  it('reads each page of a PDF with its page number', async () => {
    const pdf = await pdfFile(['Welcome to the handbook.', 'The Pro plan costs 100 dollars a month.', 'Refunds take five days.']);
    const file = await extractText('pricing.pdf', pdf);
    expect(file.kind).toBe('pdf');
    expect(file.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(file.pages[1]!.text).toContain('The Pro plan costs 100 dollars a month.');
  });

  it('reads HTML as its visible text, without scripts or link targets', async () => {
    const html =
      '<html><head><style>p{}</style><script>alert(1)</script></head><body><h1>Returns</h1><p>Send it back within <a href="https://x.test">30 days</a>.</p></body></html>';
    const { pages } = await extractText('returns.html', bytes(html));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.page).toBeNull();
    expect(pages[0]!.text).toMatch(/RETURNS|Returns/);
    expect(pages[0]!.text).toContain('Send it back within 30 days.');
    expect(pages[0]!.text).not.toMatch(/alert|x\.test|p\{\}/);
  });

  it('reads Markdown and plain text as written', async () => {
    expect((await extractText('faq.md', bytes('# FAQ\n\nShipping is free.'))).pages[0]!.text).toBe('# FAQ\n\nShipping is free.');
    expect((await extractText('notes.TXT', bytes('Plain words.'))).kind).toBe('text');
  });

  it.each([
    ['an empty file', 'empty.txt', bytes(''), 'knowledge_file_empty'],
    ['a file of blanks', 'blank.md', bytes('  \n\n  '), 'knowledge_file_empty'],
    ['another kind of file', 'deck.pptx', bytes('PK\u0003\u0004'), 'knowledge_file_type'],
    ['a binary file named as text', 'image.txt', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]), 'knowledge_file_type'],
    ['a file over 20 MB', 'huge.txt', new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1).fill(0x61), 'knowledge_file_too_large'],
    ['a PDF that is not one', 'fake.pdf', bytes('just words'), 'knowledge_file_unreadable'],
    ['a damaged PDF', 'broken.pdf', bytes('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\ngarbage'), 'knowledge_file_unreadable'],
  ])('refuses %s, naming it', async (_case, name, content, code) => {
    await expect(extractText(name, content)).rejects.toMatchObject({ code, message: expect.stringMatching(new RegExp(`^${name.replace('.', '\\.')}: `)) });
  });

  it('refuses a password-protected PDF, naming it', async () => {
    const pdf = await pdfFile(['Secret prices.'], { password: 'hunter2' });
    await expect(extractText('secret.pdf', pdf)).rejects.toMatchObject({ code: 'knowledge_file_encrypted', status: 422, message: expect.stringMatching(/^secret\.pdf: /) });
  });

  it('knows the kinds by their endings', () => {
    expect([fileKind('a.md'), fileKind('a.markdown'), fileKind('a.htm'), fileKind('a.PDF'), fileKind('a.docx'), fileKind('README')]).toEqual([
      'markdown',
      'markdown',
      'html',
      'pdf',
      null,
      null,
    ]);
  });
});

describe('splitting into passages', () => {
  it('keeps paragraphs whole, pages apart, and every passage within its size', () => {
    const long = Array.from({ length: 60 }, (_, index) => `Sentence number ${index} talks about the plan.`).join(' ');
    const passages = splitPassages([
      { page: 1, text: `Short intro.\n\n${long}` },
      { page: 2, text: 'Page two alone.' },
    ]);
    expect(passages.every((passage) => passage.text.length <= PASSAGE_CHARS)).toBe(true);
    expect(passages.map((passage) => passage.ordinal)).toEqual(passages.map((_, index) => index));
    expect(passages.at(-1)).toMatchObject({ page: 2, text: 'Page two alone.' });
    expect(
      passages
        .filter((passage) => passage.page === 1)
        .map((passage) => passage.text.replace(/\s+/g, ' '))
        .join(' '),
    ).toBe(`Short intro. ${long}`);
    expect(passages[0]!.tokens).toBe(Math.ceil(passages[0]!.text.length / 4));
  });

  it('cuts a word longer than a passage rather than losing it', () => {
    const passages = splitPassages([{ page: null, text: 'x'.repeat(PASSAGE_CHARS * 2 + 5) }]);
    expect(passages.map((passage) => passage.text.length)).toEqual([PASSAGE_CHARS, PASSAGE_CHARS, 5]);
  });
});
