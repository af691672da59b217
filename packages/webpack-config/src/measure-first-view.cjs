#!/usr/bin/env node
// Prints the JavaScript a browser downloads to show a page of a running platform, gzipped.
//   node packages/webpack-config/src/measure-first-view.cjs [url] [--budget KB]
// Uses Debian's Chromium (CHROMIUM_PATH overrides) through Playwright. Sizes are the gzip
// (level 6, as the static server's compression middleware sends) of each decoded script, so the
// figure does not depend on which encoding the browser negotiated.
const zlib = require('node:zlib');
const { chromium } = require('@playwright/test');

async function measure(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => ({ url: response.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const budgetAt = args.indexOf('--budget');
  const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : undefined;
  const url = args[0] ?? 'http://localhost:3000/';
  const scripts = await measure(url);
  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(script.gzip)} KB  ${kb(script.raw)} KB raw  ${script.url}`);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`${kb(total)} KB gzipped JS in ${scripts.length} files for ${url}`);
  if (budgetKb !== undefined && total > budgetKb * 1024) {
    console.log(`Over the ${budgetKb} KB budget.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
