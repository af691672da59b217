/** @jest-environment @agentdock/session/jsdom-environment */
import { QueryClientProvider } from '@tanstack/react-query';
import { webcrypto } from 'node:crypto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { KnowledgeFile } from '@agentdock/contracts';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { errorResponse, fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import { ADMIN, testQueryClient } from '../testing';
import { KnowledgePanel } from './knowledge-panel';

const AGENT = '3c9f5d2a-0000-4c2e-9a31-0d6f1b2c3d01';
const BASE = `/api/chat/admin/agents/${AGENT}/knowledge`;

function fileFixture(overrides: Partial<KnowledgeFile> = {}): KnowledgeFile {
  return {
    id: '5a1c0f3e-0000-4c2e-9a31-0d6f1b2c3d10',
    agentId: AGENT,
    name: 'pricing.pdf',
    kind: 'pdf',
    sizeBytes: 48_000,
    pages: 3,
    passages: 4,
    tokens: 600,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function renderPanel(files: KnowledgeFile[] = [fileFixture()]) {
  const services = fakeIdentity();
  services.on('POST /api/identity/token/refresh', () => jsonResponse(200, sessionFixture({ user: ADMIN })));
  services.on(`GET ${BASE}`, jsonResponse(200, { files, settings: { tokenBudget: 1200 } }));
  const storage = memoryStorage();
  storage.setItem(SESSION_HINT_KEY, '1');
  const client = createSessionClient({ fetch: services.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  render(
    <SessionProvider client={client}>
      <QueryClientProvider client={testQueryClient()}>
        <KnowledgePanel agentId={AGENT} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return services;
}

const fileInput = () => screen.getByLabelText('Add files') as HTMLInputElement;

describe('the knowledge panel', () => {
  it('lists the files with what each became', async () => {
    renderPanel();
    const item = (await screen.findByText('pricing.pdf')).closest('li') as HTMLElement;
    expect(item.textContent).toContain('PDF, 47 KB, 3 pages, 4 passages');
    expect(within(item).getByRole('button', { name: 'Delete pricing.pdf' })).toBeTruthy();
    expect(fileInput().accept).toContain('.pdf');
  });

  it('says when there are none yet', async () => {
    renderPanel([]);
    expect(await screen.findByText('No knowledge files yet.')).toBeTruthy();
  });

  it('uploads each chosen file as its bytes, shows the good one and the server’s words naming the bad one', async () => {
    const services = renderPanel([]);
    services.on(`PUT ${BASE}/files/faq.md`, jsonResponse(200, { file: fileFixture({ id: '5a1c0f3e-0000-4c2e-9a31-0d6f1b2c3d11', name: 'faq.md', kind: 'markdown', pages: 1 }) }));
    services.on(`PUT ${BASE}/files/secret.pdf`, errorResponse(422, 'knowledge_file_encrypted', 'secret.pdf: The PDF is protected by a password, so its text cannot be read.'));
    await screen.findByText('No knowledge files yet.');
    const files = [new File(['# FAQ'], 'faq.md', { type: 'text/markdown' }), new File(['%PDF-1.7'], 'secret.pdf', { type: 'application/pdf' })];
    fireEvent.change(fileInput(), { target: { files } });
    expect((await screen.findByRole('alert')).textContent).toBe('secret.pdf: The PDF is protected by a password, so its text cannot be read.');
    expect(screen.getByText('faq.md')).toBeTruthy();
    const [call] = services.callsTo(`PUT ${BASE}/files/faq.md`);
    expect(call!.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('deletes a file at once', async () => {
    const services = renderPanel();
    services.on(`DELETE ${BASE}/files/${fileFixture().id}`, jsonResponse(204));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete pricing.pdf' }));
    await waitFor(() => expect(screen.queryByText('pricing.pdf')).toBeNull());
    expect(screen.getByText('No knowledge files yet.')).toBeTruthy();
  });

  it('saves the token budget, and refuses one that is not a whole number', async () => {
    const services = renderPanel();
    services.on(`PUT ${BASE}/settings`, (call) => jsonResponse(200, call.body));
    const budget = (await screen.findByLabelText('Passage tokens per reply')) as HTMLInputElement;
    expect(budget.value).toBe('1200');
    fireEvent.change(budget, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('Enter a whole number of tokens, 0 or more.')).toBeTruthy();
    fireEvent.change(budget, { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(services.callsTo(`PUT ${BASE}/settings`)[0]!.body).toEqual({ tokenBudget: 800 });
  });
});
