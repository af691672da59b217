import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderCertificatePdf } from './certificates';

const PDF_TEXT = fileURLToPath(new URL('../../test/pdf-text.mjs', import.meta.url));

/** Each page's text as a reader extracts it (pdf.js), one string per line the PDF draws. */
async function pagesOf(pdf: Buffer): Promise<string[][]> {
  const folder = await mkdtemp(join(tmpdir(), 'certificate-'));
  try {
    await writeFile(join(folder, 'certificate.pdf'), pdf);
    const { stdout } = await promisify(execFile)(process.execPath, [PDF_TEXT, join(folder, 'certificate.pdf')]);
    return JSON.parse(stdout) as string[][];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const certificate = { code: 'K7PD-3XQM-9TBA', courseId: 'ai-fundamentals', courseTitle: 'AI Fundamentals for Business', completedAt: '2026-11-25T10:00:00.000Z' };
const verifyUrl = 'https://agentdock.example/certificates/K7PD-3XQM-9TBA';

describe('certificate PDF', () => {
  it('states who completed which course, when, who issued it and how to check it, on one page', async () => {
    const [page, ...more] = await pagesOf(await renderCertificatePdf({ ...certificate, learnerName: 'Grace Hopper' }, verifyUrl));
    expect(more).toEqual([]);
    expect(page).toEqual(
      expect.arrayContaining([
        'Certificate of Completion',
        'Grace Hopper',
        'AI Fundamentals for Business',
        'November 25, 2026',
        'Issued by',
        'Verification code: K7PD-3XQM-9TBA',
        `Check it at ${verifyUrl}`,
      ]),
    );
  });

  it('keeps a very long name on its one line rather than pushing the page onto a second', async () => {
    const learnerName = 'Maximiliana Alexandrina Konstantinopoulou-Wolfeschlegelsteinhausen de la Vega y Montenegro';
    const pages = await pagesOf(await renderCertificatePdf({ ...certificate, learnerName }, verifyUrl));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(learnerName);
  });
});
