/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, contentFixture, renderConsole } from '../testing';
import { CONTENT_PREVIEW_LENGTH } from './content-tab';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

describe('content tab', () => {
  it('shows title, type badge and the first 200 characters as text, with edit but no delete', async () => {
    const services = adminServices();
    const long = `<b>${'x'.repeat(300)}</b>`;
    services.on('GET /api/catalog/admin/content', jsonResponse(200, { sections: [contentFixture({ content: long })] }));
    renderConsole('/admin?tab=content', services);
    const section = await card('Welcome');
    expect(within(section).getByText('Features')).toBeTruthy();
    expect(within(section).getByTestId('content-excerpt').textContent).toBe(`${long.slice(0, CONTENT_PREVIEW_LENGTH)}…`);
    expect(within(section).getByRole('button', { name: 'Edit Welcome' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('creates a hero section by default with a live, sanitised preview', async () => {
    const services = adminServices();
    services.on('POST /api/catalog/admin/content', (call) => jsonResponse(201, contentFixture({ ...(call.body as object), id: '4d0a6e3b-0000-4c2e-9a31-0d6f1b2c3d02' })));
    renderConsole('/admin?tab=content', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Content' }));
    expect(screen.getByRole('heading', { name: 'Create New Content' })).toBeTruthy();
    expect((screen.getByLabelText('Section type') as HTMLSelectElement).value).toBe('hero');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Launch' } });
    fireEvent.change(screen.getByLabelText('Content (HTML or Markdown)'), {
      target: { value: '<h2 onclick="alert(1)">Hi</h2><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://evil"></iframe>' },
    });
    const preview = await screen.findByTestId('content-preview');
    expect(preview.querySelector('h2')?.textContent).toBe('Hi');
    expect(preview.innerHTML).not.toMatch(/script|onclick|javascript:|iframe/);

    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'markdown' } });
    fireEvent.change(screen.getByLabelText('Content (HTML or Markdown)'), { target: { value: '# Title\n\n**bold**' } });
    expect((await screen.findByTestId('content-preview')).querySelector('h1')?.textContent).toBe('Title');
    expect(screen.getByTestId('content-preview').querySelector('strong')?.textContent).toBe('bold');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await card('Launch')).toBeTruthy();
    expect(services.callsTo('POST /api/catalog/admin/content')[0]!.body).toEqual({
      title: 'Launch',
      sectionType: 'hero',
      format: 'markdown',
      slot: null,
      content: '# Title\n\n**bold**',
      isActive: true,
    });
  });

  it('edits a section and keeps the edit when the save fails', async () => {
    const services = adminServices();
    const id = contentFixture().id;
    services.on(
      `PATCH /api/catalog/admin/content/${id}`,
      errorResponse(400, 'validation_failed', 'Invalid request', [{ path: 'slot', message: 'Use lower-case words separated by dots, e.g. home.hero' }]),
    );
    renderConsole('/admin?tab=content', services);
    fireEvent.click(within(await card('Welcome')).getByRole('button', { name: 'Edit Welcome' }));
    expect(screen.getByRole('heading', { name: 'Edit Content' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Page slot (optional)'), { target: { value: 'Home Hero' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use lower-case words separated by dots, e.g. home.hero')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.saveContent);
    expect((screen.getByLabelText('Page slot (optional)') as HTMLInputElement).value).toBe('Home Hero');
  });
});
