import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on axe-core's serious and critical findings inside `selector`, naming each rule and element. */
export async function expectNoSeriousAxeViolations(page: Page, selector = 'main'): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
