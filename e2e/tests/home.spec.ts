import { expect, test } from '../support/fixtures';
import { expectVisibleBelowHeader, mailtoDrafts, pageHeading, scrollY, stubMailto, TEXT } from '../support/site';

test.describe('Home page', () => {
  test('renders the hero, four feature cards, Why Choose and the Get in Touch form', async ({ page }) => {
    await page.goto('/');

    const hero = page.getByRole('region', { name: TEXT.homeHeading });
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    await expect(hero.getByRole('link', { name: 'View Pricing', exact: true })).toHaveAttribute('href', '/pricing');
    await expect(hero.getByRole('link', { name: 'Learn More', exact: true })).toBeVisible();

    const features = page.getByRole('region', { name: 'Everything you need to work with AI' });
    const cards = features.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Personal AI agents', 'Agents tailored to you', 'AI course', 'Community']);
    await expect(cards.nth(0).getByRole('link')).toHaveAttribute('href', '/models');
    await expect(cards.nth(2).getByRole('link')).toHaveAttribute('href', '/courses');

    await expect(page.getByRole('heading', { level: 2, name: 'Why Choose Agentdock' })).toBeVisible();

    const contact = page.getByRole('region', { name: 'Get in Touch' });
    await expect(contact.getByRole('heading', { level: 2, name: 'Get in Touch' })).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Name' })).toBeEditable();
    await expect(contact.getByRole('textbox', { name: 'Email' })).toBeEditable();
    await expect(contact.getByRole('textbox', { name: 'Message' })).toBeEditable();
    await expect(contact.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('Learn More scrolls to the feature cards and View Pricing opens /pricing', async ({ page }) => {
    await page.goto('/');
    const featuresHeading = page.getByRole('heading', { name: 'Everything you need to work with AI' });
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    expect(await scrollY(page)).toBe(0);

    await page.getByRole('link', { name: 'Learn More', exact: true }).click();
    await expect(page).toHaveURL(/\/#features$/);
    // The page scrolled down to the cards, and the fixed header does not cover their heading.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await expectVisibleBelowHeader(page, featuresHeading);

    await page.getByRole('link', { name: 'View Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(pageHeading(page, TEXT.pricingHeading)).toBeVisible();
  });
});

test.describe('Get in Touch form (home)', () => {
  test.beforeEach(async ({ page }) => {
    await stubMailto(page);
    await page.goto('/');
  });

  test('shows a message for each empty field and focuses the first one', async ({ page }) => {
    const contact = page.getByRole('region', { name: 'Get in Touch' });
    await contact.getByRole('button', { name: 'Send Message' }).click();

    await expect(contact.getByText('Please enter your name.')).toBeVisible();
    await expect(contact.getByText('Please enter your email address.')).toBeVisible();
    await expect(contact.getByText('Please enter a message.')).toBeVisible();
    const name = contact.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');

    // Typing into a field clears its message.
    await name.fill('Ada Lovelace');
    await expect(contact.getByText('Please enter your name.')).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(await mailtoDrafts(page)).toEqual([]);
  });

  test('rejects an invalid email address', async ({ page }) => {
    const contact = page.getByRole('region', { name: 'Get in Touch' });
    await contact.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await contact.getByRole('textbox', { name: 'Email' }).fill('ada@example');
    await contact.getByRole('textbox', { name: 'Message' }).fill('We need a meeting-prep agent.');
    await contact.getByRole('button', { name: 'Send Message' }).click();

    const email = contact.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(email).toBeFocused();
    await expect(contact.getByText('Please enter your name.')).toHaveCount(0);
    await expect(contact.getByRole('status')).toHaveCount(0);
    expect(await mailtoDrafts(page)).toEqual([]);
  });

  test('a valid message opens a mail draft built from the fields, then offers to send another', async ({ page }) => {
    const contact = page.getByRole('region', { name: 'Get in Touch' });
    await contact.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await contact.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await contact.getByRole('textbox', { name: 'Message' }).fill('We need a meeting-prep agent & a pitch coach.');
    await contact.getByRole('button', { name: 'Send Message' }).click();

    const done = contact.getByRole('status');
    await expect(done.getByRole('heading', { name: 'Your email app is open' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const drafts = await mailtoDrafts(page);
    expect(drafts).toHaveLength(1);
    const draft = new URL(drafts[0]!);
    expect(draft.protocol).toBe('mailto:');
    expect(draft.pathname).toBe('sales@agentdock.example');
    const subject = draft.searchParams.get('subject') ?? '';
    const body = draft.searchParams.get('body') ?? '';
    expect(subject).toContain('Ada Lovelace');
    expect(body).toContain('Ada Lovelace');
    expect(body).toContain('ada@example.com');
    expect(body).toContain('We need a meeting-prep agent & a pitch coach.');

    await done.getByRole('button', { name: 'Send another message' }).click();
    await expect(contact.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(contact.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(contact.getByRole('status')).toHaveCount(0);
  });
});
