import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export interface FirstViewResult {
  files: Array<{ url: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

/**
 * Opens `url` in Debian's Chromium and adds up the JavaScript it fetched until the network is
 * idle, each file gzipped as the static server sends it.
 */
export async function measureFirstView(url: string): Promise<FirstViewResult> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<{ url: string; gzipBytes: number } | undefined>> = [];
    page.on('response', (response) => {
      const isScript = response.request().resourceType() === 'script' || (response.headers()['content-type'] ?? '').includes('javascript');
      if (!isScript) return;
      pending.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length }), () => undefined));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).filter((file): file is { url: string; gzipBytes: number } => file !== undefined);
    return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await browser.close();
  }
}
