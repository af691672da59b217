import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Every word of every visible table's cells that the browser laid out over more than one line
 * (`wordsBrokenIn` on each table). A table hidden from sight (closed `<details>`, visually hidden)
 * is skipped.
 *
 * @returns "word" in "element text" for each broken word.
 */
export async function wordsBrokenInTables(page: Page): Promise<string[]> {
  const tables = await page.locator('table').filter({ visible: true }).all();
  return (await Promise.all(tables.map((table) => wordsBrokenIn(table)))).flat();
}

/** How many tables the page shows (so a check over "every table" cannot pass over none). */
export async function visibleTables(page: Page): Promise<number> {
  return page.locator('table').filter({ visible: true }).count();
}

/** Fails naming each word of a visible table cell broken over two lines. */
export async function expectNoWordBrokenInTables(page: Page, where: string): Promise<void> {
  expect(await wordsBrokenInTables(page), `words broken inside a table on ${where}`).toEqual([]);
}

/**
 * Every word of the visible text inside `container` that the browser laid out over more than one
 * line: for each whitespace-separated word of each text node, the line boxes its range covers
 * (Range.getClientRects) must all sit on one line. "word" in "element text".
 */
export async function wordsBrokenIn(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) broken.push(`"${match[0]}" in "${(parent.textContent ?? '').trim().slice(0, 80)}"`);
      }
    }
    return broken;
  });
}
