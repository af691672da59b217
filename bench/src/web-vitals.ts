import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';

export interface RouteVitals {
  fcpMs: number;
  lcpMs: number;
  cls: number;
  jsGzipBytes: number;
  jsFiles: number;
  /** Once the visitor has used the page (the pointer over <main>): its own code has come too. */
  jsInUseGzipBytes: number;
  /** CLS by then: hydrating the served markup must not move it. */
  clsInUse: number;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

// Buffered observers see the entries from before this script ran; LCP and CLS keep growing while
// the page settles, so they are read at the end.
const OBSERVE_VITALS = `
  window.__vitals = { cls: 0, lcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function measureOnce(browser: Browser, url: string, width: number): Promise<RouteVitals> {
  // A fresh context per run: nothing cached, as a new visitor arrives.
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_VITALS);
    const scripts: Array<Promise<number>> = [];
    page.on('response', (response) => {
      const isScript = response.request().resourceType() === 'script' || (response.headers()['content-type'] ?? '').includes('javascript');
      if (isScript)
        scripts.push(
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const vitals = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const observed = (window as unknown as { __vitals: { cls: number; lcp: number } }).__vitals;
      return { fcpMs: paint ? paint.startTime : Number.NaN, lcpMs: observed.lcp, cls: observed.cls };
    });
    const sizes = await Promise.all(scripts);
    const firstView = scripts.length;
    await page.getByRole('main').hover();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const inUse = await Promise.all(scripts);
    const clsInUse = await page.evaluate(() => (window as unknown as { __vitals: { cls: number } }).__vitals.cls);
    const total = (list: number[]) => list.reduce((sum, size) => sum + size, 0);
    return { ...vitals, jsGzipBytes: total(sizes.slice(0, firstView)), jsFiles: firstView, jsInUseGzipBytes: total(inUse), clsInUse };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Medians of `runs` fresh visits per route and width, from Chromium's own performance entries. */
export async function measureRoutes(baseUrl: string, routes: string[], widths: number[], runs = 3): Promise<Map<string, RouteVitals>> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results = new Map<string, RouteVitals>();
  try {
    for (const route of routes) {
      for (const width of widths) {
        const samples: RouteVitals[] = [];
        for (let run = 0; run < runs; run += 1) samples.push(await measureOnce(browser, `${baseUrl}${route}`, width));
        results.set(`${route} @${width}`, {
          fcpMs: median(samples.map((s) => s.fcpMs)),
          lcpMs: median(samples.map((s) => s.lcpMs)),
          cls: median(samples.map((s) => s.cls)),
          jsGzipBytes: median(samples.map((s) => s.jsGzipBytes)),
          jsFiles: median(samples.map((s) => s.jsFiles)),
          jsInUseGzipBytes: median(samples.map((s) => s.jsInUseGzipBytes)),
          clsInUse: median(samples.map((s) => s.clsInUse)),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
