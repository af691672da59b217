import { expect, test } from '../support/fixtures';
import { pageHeading } from '../support/site';

/** The fields of GET /api/catalog/agents this suite relies on. */
interface CatalogAgent {
  name: string;
  description: string;
  features: string[];
  useCase: string;
  tier: 'free' | 'starter' | 'professional' | 'enterprise';
}

test.describe('Agent catalogue', () => {
  test('shows every active agent from the catalog with its description, features and use case', async ({ page, request }) => {
    const response = await request.get('/api/catalog/agents');
    expect(response.ok()).toBe(true);
    const { agents } = (await response.json()) as { agents: CatalogAgent[] };
    // The ten seeded agents, and any an earlier test of this run built in the console.
    expect(agents.length).toBeGreaterThanOrEqual(10);

    await page.goto('/models');
    await expect(pageHeading(page, 'Our AI Agents')).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(agents.length);

    for (const agent of agents) {
      const card = page.getByRole('article', { name: agent.name, exact: true });
      await expect(card.getByText(agent.description, { exact: true })).toBeVisible();
      for (const feature of agent.features) await expect(card.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
      if (agent.useCase) await expect(card.getByText(agent.useCase, { exact: true })).toBeVisible();
    }
  });

  test('marks professional-tier agents in yellow, and only those', async ({ page, request }) => {
    const { agents } = (await (await request.get('/api/catalog/agents')).json()) as { agents: CatalogAgent[] };
    const professional = agents.filter((agent) => agent.tier === 'professional' || agent.tier === 'enterprise');
    expect(professional.length).toBeGreaterThan(0);
    expect(professional.length).toBeLessThan(agents.length);

    await page.goto('/models');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(agents.length);
    for (const agent of agents) {
      const card = page.getByRole('article', { name: agent.name, exact: true });
      const marked = professional.includes(agent);
      const badge = card.locator('.ad-badge');
      if (marked) {
        await expect(badge).toHaveClass(/ad-badge--warning/);
        // A yellow accent on the card itself (border), not only the badge.
        const border = await card.evaluate((element) => getComputedStyle(element).borderTopColor);
        expect(border).toBe('rgb(234, 179, 8)');
      } else {
        await expect(badge).not.toHaveClass(/ad-badge--warning/);
      }
    }
  });
});
