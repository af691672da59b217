import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Texts from the product specification (§2) and the shell, in one place. */
export const TEXT = {
  homeHeading: 'Put AI agents to work for your business',
  pricingHeading: 'Plans for every stage of your business',
  fallbackHeading: 'This part of Agentdock is unavailable right now',
  notFoundHeading: 'Page not found',
} as const;

export const MAIN_LINKS = ['Pricing', 'Course', 'Our AI Agents', 'Begin Chatting'] as const;

/** The site header (landmark `banner`); page headers inside <main> are not banners. */
export const siteHeader = (page: Page): Locator => page.getByRole('banner');
export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });
/** The site footer (landmark `contentinfo`). */
export const siteFooter = (page: Page): Locator => page.getByRole('contentinfo');
/** The page's own content, without the shell's header and footer. */
export const mainContent = (page: Page): Locator => page.getByRole('main');
export const pageHeading = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name, exact: true });

/** Whether React has taken the element over (hydrated or drawn it): React keeps its fiber on the node. */
export const reactOwns = (locator: Locator): Promise<boolean> => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

/**
 * A served page is hydrated once its visitor shows signs of using it (the pointer over it, a key,
 * a touch): moves the pointer onto <main> and waits until React owns its heading.
 */
export async function useServedPage(page: Page): Promise<void> {
  await mainContent(page).hover();
  await expect.poll(() => reactOwns(mainContent(page).locator('h1').first()), { timeout: 20_000 }).toBe(true);
}

/** The served HTML of `path`, as a crawler or a browser before any script gets it. */
export async function servedHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return response.text();
}

/** No horizontal scrolling: the page is no wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page, where = 'this page'): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `width of ${where} at this viewport`).toBeLessThanOrEqual(clientWidth);
}

export async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Scrolls the window and waits until it is there (scrolling may be animated). */
export async function scrollWindowTo(page: Page, y: number | 'bottom'): Promise<number> {
  const target = await page.evaluate((wanted) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    const top = wanted === 'bottom' ? max : Math.min(wanted, max);
    window.scrollTo({ top, behavior: 'instant' });
    return top;
  }, y);
  await expect.poll(() => scrollY(page)).toBe(target);
  return target;
}

/** Whether `target` sits in the viewport below the fixed header, i.e. really visible. */
export async function expectVisibleBelowHeader(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeInViewport();
  await expect
    .poll(
      async () => {
        const [headerBox, targetBox] = await Promise.all([siteHeader(page).boundingBox(), target.boundingBox()]);
        if (!headerBox || !targetBox) return false;
        return targetBox.y >= headerBox.y + headerBox.height - 1;
      },
      { message: 'target is not hidden under the fixed header' },
    )
    .toBe(true);
}

type MailtoWindow = Window & { __e2eMailto?: string[] };

/**
 * The home contact form sets window.location.href to a mailto: URL. In the browser that would
 * hand off to a mail client; here the Navigation API's `navigate` event records the URL and
 * cancels that one navigation, so the page stays put and the test can read the draft.
 */
export async function stubMailto(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = window as MailtoWindow;
    win.__e2eMailto = [];
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
    if (!navigation) throw new Error('This browser has no Navigation API; the mailto stub cannot work');
    navigation.addEventListener('navigate', (event) => {
      const navigate = event as Event & { destination: { url: string } };
      if (!navigate.destination.url.startsWith('mailto:')) return;
      win.__e2eMailto?.push(navigate.destination.url);
      navigate.preventDefault();
    });
  });
}

export async function mailtoDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as MailtoWindow).__e2eMailto ?? []);
}
