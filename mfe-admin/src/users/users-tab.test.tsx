/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { ADMIN, adminServices, location, renderConsole, userRow, walletFor } from '../testing';
import { REFUND_REASON } from './credit-panel';
import { USERS_PAGE_SIZE } from './users-tab';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;
/** Opens a row's Actions menu and chooses `item`. */
const choose = (row: HTMLElement, who: string, item: string) => {
  fireEvent.click(within(row).getByRole('button', { name: `Actions for ${who}` }));
  fireEvent.click(screen.getByRole('menuitem', { name: item }));
};
const itemsOf = (row: HTMLElement, who: string) => {
  fireEvent.click(within(row).getByRole('button', { name: `Actions for ${who}` }));
  const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  return items;
};

describe('users tab', () => {
  it('lists users with plan badge, credits from the chat wallets and status', async () => {
    const { services } = renderConsole('/admin?tab=users');
    expect(await screen.findByTestId('user-total')).toHaveProperty('textContent', 'Total users: 2');
    const first = await rowOf('user1@example.com');
    expect(within(first).getByText('User 1')).toBeTruthy();
    expect(within(first).getByText('Free', { selector: '.ad-badge' }).className).toContain('ad-tier-badge--free');
    expect((await within(first).findByTestId('credits')).textContent).toBe('40,000');
    expect(within(first).getByText('Active')).toBeTruthy();
    // One menu per row: no plan dropdown or Suspend button one misclick away.
    expect(within(first).queryByRole('combobox')).toBeNull();
    expect(within(first).getAllByRole('button')).toHaveLength(1);
    expect(itemsOf(first, 'User 1')).toEqual(['Details', 'Credits…', 'Change plan…', 'Suspend…']);

    const second = await rowOf('user2@example.com');
    expect(within(second).getByText('Suspended')).toBeTruthy();
    expect(within(second).getByText('No wallet yet')).toBeTruthy();
    expect(itemsOf(second, 'User 2')).toContain('Reactivate…');
    expect(services.callsTo('GET /api/chat/admin/wallets')[0]!.path).toContain(`userIds=${encodeURIComponent(`${userRow(1).id},${userRow(2).id}`)}`);
    expect(screen.getByTitle('user1@example.com')).toBeTruthy();
  });

  it('searches by email or name on the server and pages through the matches', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', (call) => {
      const offset = Number(new URL(call.path, 'http://x').searchParams.get('offset'));
      return jsonResponse(200, { users: [userRow(offset + 1)], total: 45 });
    });
    renderConsole('/admin?tab=users', services);
    await rowOf('user1@example.com');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email or name' }), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(services.callsTo('GET /api/identity/admin/users').at(-1)!.path).toBe(`/api/identity/admin/users?limit=${USERS_PAGE_SIZE}&offset=0&q=ada`));

    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await rowOf('user21@example.com');
    expect(services.callsTo('GET /api/identity/admin/users').at(-1)!.path).toBe(`/api/identity/admin/users?limit=${USERS_PAGE_SIZE}&offset=20&q=ada`);
    expect(screen.getByText('21–21 of 45')).toBeTruthy();
    expect(location()).toBe('/admin?tab=users&q=ada&page=2');
  });

  it('opens the search and page the URL names', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [userRow(41)], total: 45 }));
    renderConsole('/admin?tab=users&q=user&page=3', services);
    await rowOf('user41@example.com');
    expect(services.callsTo('GET /api/identity/admin/users')[0]!.path).toBe(`/api/identity/admin/users?limit=${USERS_PAGE_SIZE}&offset=40&q=user`);
    expect(screen.getByRole('searchbox', { name: 'Search by email or name' })).toHaveProperty('value', 'user');
    // Short enough to show whole beside the Search button at 375 px; the label says the rest.
    expect(screen.getByRole('searchbox', { name: 'Search by email or name' })).toHaveProperty('placeholder', 'Email or name');
  });

  it('does not offer an admin to suspend themselves, and moves focus to the credits panel it opens', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [ADMIN], total: 1 }));
    services.on(`GET /api/chat/admin/users/${ADMIN.id}/messages`, jsonResponse(200, { messages: [] }));
    renderConsole('/admin?tab=users', services);
    const row = await rowOf(ADMIN.email);
    fireEvent.click(within(row).getByRole('button', { name: 'Actions for Ops Admin' }));
    const suspend = screen.getByRole('menuitem', { name: 'Suspend… (You cannot suspend your own account)' });
    expect(suspend.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(suspend);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Credits…' }));
    expect(await screen.findByRole('heading', { name: 'Credits of Ops Admin' })).toBe(document.activeElement);
  });

  it('says when no user matches', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [], total: 0 }));
    renderConsole('/admin?tab=users', services);
    expect(await screen.findByText('No users yet.')).toBeTruthy();
  });

  it('changes a tier and suspends, showing the answer', async () => {
    const services = adminServices();
    services.on('PATCH /api/identity/admin/users/:id', jsonResponse(200, {}));
    const id = userRow(1).id;
    services.on(`PATCH /api/identity/admin/users/${id}`, (call) => jsonResponse(200, userRow(1, call.body as object)));
    renderConsole('/admin?tab=users', services);
    const row = await rowOf('user1@example.com');
    await within(row).findByTestId('credits');
    choose(row, 'User 1', 'Change plan…');
    const dialog = screen.getByRole('alertdialog', { name: 'Change User 1’s plan?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Change plan' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('New plan'), { target: { value: 'enterprise' } });
    expect(within(dialog).getByTestId('plan-change-consequence').textContent).toMatch(
      /^User 1 moves from Free to Enterprise now and gets Starter, Pro and Enterprise agents\. Their 40,000 remaining plan credits end .* Their card is not charged\./,
    );
    expect(services.callsTo(`PATCH /api/identity/admin/users/${id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await within(row).findByText('Enterprise', { selector: '.ad-badge' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(services.callsTo(`PATCH /api/identity/admin/users/${id}`)[0]!.body).toEqual({ subscriptionTier: 'enterprise' });

    choose(row, 'User 1', 'Suspend…');
    const suspend = screen.getByRole('alertdialog', { name: 'Suspend User 1?' });
    expect(suspend.textContent).toContain('User 1 will be signed out everywhere now and cannot sign in, chat or use their API keys until reactivated.');
    fireEvent.click(within(suspend).getByRole('button', { name: 'Suspend' }));
    expect(await within(row).findByText('Suspended')).toBeTruthy();
    expect(services.callsTo(`PATCH /api/identity/admin/users/${id}`)[1]!.body).toEqual({ isSuspended: true });
  });

  it('changes nothing when the admin cancels or presses Escape, and gives focus back to the row’s menu', async () => {
    const services = adminServices();
    const id = userRow(1).id;
    renderConsole('/admin?tab=users', services);
    const row = await rowOf('user1@example.com');
    choose(row, 'User 1', 'Suspend…');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Actions for User 1' }));
    choose(row, 'User 1', 'Change plan…');
    fireEvent.change(screen.getByLabelText('New plan'), { target: { value: 'starter' } });
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(row).getByText('Free', { selector: '.ad-badge' })).toBeTruthy();
    expect(services.callsTo(`PATCH /api/identity/admin/users/${id}`)).toHaveLength(0);
  });

  it('shows the spec texts in the banner when an update fails, with the server reason', async () => {
    const services = adminServices();
    const id = userRow(1).id;
    services.on(`PATCH /api/identity/admin/users/${id}`, errorResponse(409, 'cannot_suspend_self', 'You cannot suspend your own account.'));
    renderConsole('/admin?tab=users', services);
    const row = await rowOf('user1@example.com');
    choose(row, 'User 1', 'Suspend…');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_ERRORS.userStatus);
    expect(alert.textContent).toContain('You cannot suspend your own account.');
    expect(within(row).getByText('Active')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
    choose(row, 'User 1', 'Change plan…');
    fireEvent.change(screen.getByLabelText('New plan'), { target: { value: 'starter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.userPlan);
  });

  it('loads with a banner and a retry when the user list fails, and marks credits unavailable when wallets fail', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', errorResponse(500, 'internal', 'Boom'));
    renderConsole('/admin?tab=users', services);
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.loadFailed);
    expect(await screen.findByText('Users could not be loaded.')).toBeTruthy();

    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [userRow(1)], total: 1 }));
    services.on('GET /api/chat/admin/wallets', errorResponse(503, 'unavailable', 'Chat is down'));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const row = await rowOf('user1@example.com');
    expect(await within(row).findByText('Unavailable')).toBeTruthy();
  });

  it('grants and deducts credits with a reason, showing server messages next to the fields', async () => {
    const services = adminServices();
    const id = userRow(1).id;
    services.on(`GET /api/chat/admin/users/${id}/messages`, jsonResponse(200, { messages: [] }));
    services.on(`POST /api/chat/admin/wallets/${id}/adjustments`, (call) => {
      const body = call.body as { credits: number; reason: string };
      if (!body.reason) return errorResponse(400, 'validation_failed', 'Invalid request', [{ path: 'reason', message: 'Give a reason' }]);
      return jsonResponse(200, { wallet: walletFor(id, { creditsRemaining: 40_000 + body.credits }) });
    });
    renderConsole('/admin?tab=users', services);
    const row = await rowOf('user1@example.com');
    choose(row, 'User 1', 'Credits…');
    const panel = await screen.findByRole('region', { name: 'Credits of User 1' });
    expect(await within(panel).findByText('No replies yet.')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('Credits'), { target: { value: '5,000' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Adjustment' }));
    expect(await within(panel).findByText('Give a reason')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.adjustCredits);

    fireEvent.change(within(panel).getByLabelText('Adjustment'), { target: { value: 'deduct' } });
    fireEvent.change(within(panel).getByLabelText('Reason'), { target: { value: 'Goodwill correction' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Adjustment' }));
    expect(await within(panel).findByText('Deducted 5,000 credits.')).toBeTruthy();
    expect(services.callsTo(`POST /api/chat/admin/wallets/${id}/adjustments`).at(-1)!.body).toEqual({ credits: -5000, reason: 'Goodwill correction' });
    expect(within(row).getByTestId('credits').textContent).toBe('35,000');
  });

  it('shows a refused deduction beside the form, and the banner keeps its own text alone', async () => {
    const services = adminServices();
    const id = userRow(1).id;
    const refusal = 'This deduction would take the balance below zero: the user has 40,000 credits.';
    services.on(`GET /api/chat/admin/users/${id}/messages`, jsonResponse(200, { messages: [] }));
    services.on(`POST /api/chat/admin/wallets/${id}/adjustments`, errorResponse(409, 'balance_too_low', refusal));
    renderConsole('/admin?tab=users', services);
    choose(await rowOf('user1@example.com'), 'User 1', 'Credits…');
    const panel = await screen.findByRole('region', { name: 'Credits of User 1' });
    fireEvent.change(within(panel).getByLabelText('Adjustment'), { target: { value: 'deduct' } });
    fireEvent.change(within(panel).getByLabelText('Credits'), { target: { value: '90000' } });
    fireEvent.change(within(panel).getByLabelText('Reason'), { target: { value: 'Correction' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Adjustment' }));
    expect(await within(panel).findByText(refusal)).toBeTruthy();
    expect((await screen.findByRole('alert')).querySelector('.adm-banner__text')!.textContent).toBe(ADMIN_ERRORS.adjustCredits);
  });

  it('refunds a recent reply in one click', async () => {
    const services = adminServices();
    const id = userRow(1).id;
    const reply = {
      id: '6f2c8a5d-0000-4c2e-9a31-0d6f1b2c3d01',
      agentId: '3c9f5d2a-0000-4c2e-9a31-0d6f1b2c3d01',
      createdAt: '2026-11-20T10:00:00.000Z',
      creditsUsed: 1200,
      tokensUsed: 12,
      refunded: false,
    };
    services.on(`GET /api/chat/admin/users/${id}/messages`, jsonResponse(200, { messages: [reply, { ...reply, id: '6f2c8a5d-0000-4c2e-9a31-0d6f1b2c3d02', refunded: true }] }));
    services.on(`POST /api/chat/admin/messages/${reply.id}/refund`, jsonResponse(200, { wallet: walletFor(id, { creditsRemaining: 41_200 }) }));
    renderConsole('/admin?tab=users', services);
    choose(await rowOf('user1@example.com'), 'User 1', 'Credits…');
    const panel = await screen.findByRole('region', { name: 'Credits of User 1' });
    expect(await within(panel).findByText('Refunded')).toBeTruthy();
    fireEvent.click(await within(panel).findByRole('button', { name: /^Refund 1,200 credits/ }));
    await waitFor(() => expect(within(panel).getAllByText('Refunded')).toHaveLength(2));
    expect(services.callsTo(`POST /api/chat/admin/messages/${reply.id}/refund`)[0]!.body).toEqual({ reason: REFUND_REASON });
    expect(within(panel).getByTestId('wallet-summary').textContent).toContain('41,200 credits: 41,200 plan credits');
  });
});
