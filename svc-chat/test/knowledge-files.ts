import PDFDocument from 'pdfkit';

/** A PDF with one page per text, as an office suite would write it; with `password`, protected by it. */
export function pdfFile(pages: string[], options: { password?: string } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    ...(options.password ? { userPassword: options.password, ownerPassword: `${options.password}-owner`, pdfVersion: '1.7' as const } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) {
    doc.addPage();
    doc.fontSize(11).text(text);
  }
  doc.end();
  return done;
}
