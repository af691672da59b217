// Prints a PDF's text as JSON, one array of drawn strings per page: `node pdf-text.mjs file.pdf`.
// pdf.js ships as an ES module only, which the repository's jest (swc to CommonJS) cannot load,
// so tests run this in a child process.
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const document = await getDocument({ data: new Uint8Array(await readFile(process.argv[2])), verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= document.numPages; number += 1) {
  const content = await (await document.getPage(number)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== ''));
}
process.stdout.write(JSON.stringify(pages));
