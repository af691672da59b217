/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAN_LIMIT_BULLET_MESSAGE, planCreate, planPatch } from '@agentdock/contracts';
import { planFixture } from '@agentdock/contracts/testing';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, bannerText, messageBeside, renderConsole, validationRefusal } from '../testing';
import { DELETE_PLAN_CONFIRMATION } from './plans-tab';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

describe('plans tab', () => {
  it('shows each plan as a card with active flag, monthly price and limits', async () => {
    const services = adminServices();
    services.on(
      'GET /api/catalog/admin/plans',
      jsonResponse(200, { plans: [planFixture(), planFixture({ id: 'enterprise', name: 'Enterprise', monthly: null, isActive: false, apiCallsLimit: null })] }),
    );
    renderConsole('/admin?tab=plans', services);
    const starter = await card('Starter');
    expect(within(starter).getByText('Active')).toBeTruthy();
    expect(within(starter).getByTestId('plan-price').textContent).toBe('$50 / month');
    expect(within(starter).getByText('10,000')).toBeTruthy();
    expect(within(starter).getByText('1,000,000')).toBeTruthy();
    expect(within(starter).getByText('250')).toBeTruthy();
    const enterprise = await card('Enterprise');
    expect(within(enterprise).getByText('Inactive')).toBeTruthy();
    expect(within(enterprise).getByTestId('plan-price').textContent).toBe('Custom pricing');
    expect(within(enterprise).getByText('Custom')).toBeTruthy();
  });

  it('says when there are no plans', async () => {
    const services = adminServices();
    services.on('GET /api/catalog/admin/plans', jsonResponse(200, { plans: [] }));
    renderConsole('/admin?tab=plans', services);
    expect(await screen.findByText('No plans yet. Add the first one.')).toBeTruthy();
  });

  it('edits a plan: price as a decimal, limits as whole numbers, back to the grid on Save', async () => {
    const services = adminServices();
    services.on('PATCH /api/catalog/admin/plans/starter', (call) => jsonResponse(200, planFixture(call.body as object)));
    renderConsole('/admin?tab=plans', services);
    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Edit Starter' }));
    expect(screen.getByRole('heading', { name: 'Edit Plan' })).toBe(document.activeElement);
    fireEvent.change(screen.getByLabelText('Monthly price ($)'), { target: { value: '59.99' } });
    fireEvent.change(screen.getByLabelText('Platform credits'), { target: { value: '1,500,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await card('Starter')).getByTestId('plan-price').textContent).toBe('$59.99 / month');
    const body = services.callsTo('PATCH /api/catalog/admin/plans/starter')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      monthly: { amountMinor: 5_999, priceId: 'price_starter_monthly' },
      platformCreditsLimit: 1_500_000,
      realTokensLimit: 10_000,
      features: planFixture().features,
    });
  });

  it('creates a plan from Add Plan, and Cancel closes the form without a call', async () => {
    const services = adminServices();
    services.on('POST /api/catalog/admin/plans', (call) => jsonResponse(201, planFixture({ ...(call.body as object), id: 'team', name: 'Team' })));
    renderConsole('/admin?tab=plans', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Plan' }));
    expect(screen.getByRole('heading', { name: 'Create New Plan' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await card('Starter')).toBeTruthy();
    expect(services.callsTo('POST /api/catalog/admin/plans')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Add Plan' }));
    fireEvent.change(screen.getByLabelText('Plan ID'), { target: { value: 'team' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Team' } });
    fireEvent.change(screen.getByLabelText('Other included features (one per line)'), { target: { value: 'One\n\n Two ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await card('Team')).toBeTruthy();
    expect(services.callsTo('POST /api/catalog/admin/plans')[0]!.body).toMatchObject({
      id: 'team',
      name: 'Team',
      tier: 'free',
      monthly: null,
      annual: null,
      features: ['One', 'Two'],
      isActive: true,
    });
  });

  it("keeps the edit open and shows the server's sentences next to their fields, the banner saying only 'Failed to save plan'", async () => {
    const services = adminServices();
    services.on('PATCH /api/catalog/admin/plans/starter', (call) => validationRefusal(planPatch, call.body));
    renderConsole('/admin?tab=plans', services);
    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Edit Starter' }));
    fireEvent.change(screen.getByLabelText('Monthly price ($)'), { target: { value: 'fifty' } });
    fireEvent.change(screen.getByLabelText('API calls'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Monthly price ($)')).toBe('Enter a number.'));
    expect(screen.getByLabelText('Monthly price ($)')).toBe(document.activeElement);
    expect(messageBeside('API calls')).toBe('Enter 0 or more.');
    expect(messageBeside('Name')).toBeNull();
    expect((screen.getByLabelText('Monthly price ($)') as HTMLInputElement).value).toBe('fifty');
    // The banner says the product's text alone: the explanation is beside the fields.
    expect(await bannerText()).toBe(ADMIN_ERRORS.savePlan);
    expect(ADMIN_ERRORS.savePlan).toBe('Failed to save plan');
    expect(screen.queryByText(/Too small|Invalid input|expected/)).toBeNull();
    expect(services.callsTo('PATCH /api/catalog/admin/plans/starter')[0]!.body).toMatchObject({ monthly: { amountMinor: 'fifty' }, apiCallsLimit: -5 });
  });

  it('previews the pricing bullets: the numeric ones follow the limits as typed, the free text follows them', async () => {
    renderConsole('/admin?tab=plans', adminServices());
    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Edit Starter' }));
    const bullets = () =>
      within(screen.getByTestId('plan-bullets-preview'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(bullets().slice(0, 4)).toEqual(['1,000,000 platform credits per month', 'Access to 5 AI agents', '250 API calls per month', '10,000 real tokens']);
    fireEvent.change(screen.getByLabelText('API calls'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Other included features (one per line)'), { target: { value: 'Standard support' } });
    expect(bullets()).toEqual(['1,000,000 platform credits per month', 'Access to 5 AI agents', '300 API calls per month', '10,000 real tokens', 'Standard support']);
    fireEvent.change(screen.getByLabelText('API calls'), { target: { value: 'lots' } });
    expect(screen.queryByTestId('plan-bullets-preview')).toBeNull();
    expect(screen.getByText('Enter the limits as whole numbers to see the bullets.')).toBeTruthy();
  });

  it('refuses a free-text bullet that states a limit, saying so beside the features', async () => {
    const services = adminServices();
    services.on('PATCH /api/catalog/admin/plans/starter', (call) => validationRefusal(planPatch, call.body));
    renderConsole('/admin?tab=plans', services);
    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Edit Starter' }));
    fireEvent.change(screen.getByLabelText('Other included features (one per line)'), { target: { value: 'Standard support\n500 API calls per month' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Other included features (one per line)')).toBe(PLAN_LIMIT_BULLET_MESSAGE));
  });

  it('says in product language beside each field what a blank new plan lacks', async () => {
    const services = adminServices();
    services.on('POST /api/catalog/admin/plans', (call) => validationRefusal(planCreate, call.body));
    renderConsole('/admin?tab=plans', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Plan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Plan ID')).toBe('This field is required.'));
    expect(messageBeside('Name')).toBe('This field is required.');
    expect(screen.getByLabelText('Plan ID')).toBe(document.activeElement);
    expect(screen.getByRole('heading', { name: 'Create New Plan' })).toBeTruthy();
    expect(await bannerText()).toBe('Failed to save plan');
    expect(screen.queryByText(/Too small|Invalid input|expected/)).toBeNull();
  });

  it('deletes only after the confirmation, and reports a failed delete', async () => {
    const services = adminServices();
    services.on('DELETE /api/catalog/admin/plans/starter', errorResponse(500, 'internal', 'Boom'));
    renderConsole('/admin?tab=plans', services);
    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Delete Starter' }));
    const dialog = screen.getByRole('alertdialog', { name: DELETE_PLAN_CONFIRMATION });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(services.callsTo('DELETE /api/catalog/admin/plans/starter')).toHaveLength(0);

    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Delete Starter' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.deletePlan);
    expect(await card('Starter')).toBeTruthy();

    services.on('DELETE /api/catalog/admin/plans/starter', jsonResponse(204));
    fireEvent.click(within(await card('Starter')).getByRole('button', { name: 'Delete Starter' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Starter' })).toBeNull());
  });
});
