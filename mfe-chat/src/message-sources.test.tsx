/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { fireEvent, render, screen } from '@testing-library/react';
import type { MessageSource } from '@agentdock/contracts';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { errorResponse, fakeIdentity, jsonResponse, memoryStorage, sessionFixture, userFixture } from '@agentdock/session/testing';
import { MessageSources } from './message-sources';

const PASSAGE = '7b1c0f3e-0000-4c2e-9a31-0d6f1b2c3d20';
const OTHER = '7b1c0f3e-0000-4c2e-9a31-0d6f1b2c3d21';
const SOURCES: MessageSource[] = [
  { passageId: PASSAGE, fileName: 'pricing.pdf', page: 3 },
  { passageId: '7b1c0f3e-0000-4c2e-9a31-0d6f1b2c3d22', fileName: 'pricing.pdf', page: 3 },
  { passageId: OTHER, fileName: 'faq.md', page: null },
];

function renderSources() {
  const services = fakeIdentity();
  services.on('POST /api/identity/token/refresh', () => jsonResponse(200, sessionFixture({ user: userFixture() })));
  services.on(
    `GET /api/chat/passages/${PASSAGE}`,
    jsonResponse(200, { passage: { id: PASSAGE, fileName: 'pricing.pdf', page: 3, text: 'The Pro plan costs 100 dollars a month.' } }),
  );
  services.on(`GET /api/chat/passages/${OTHER}`, errorResponse(404, 'passage_not_found', 'This passage is not one a reply of yours cited, or its file was removed.'));
  const storage = memoryStorage();
  storage.setItem(SESSION_HINT_KEY, '1');
  const client = createSessionClient({ fetch: services.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  render(
    <SessionProvider client={client}>
      <MessageSources sources={SOURCES} />
    </SessionProvider>,
  );
  return services;
}

describe('a reply’s sources', () => {
  it('names each file and page once', () => {
    renderSources();
    expect(screen.getByText(/^Sources:/).closest('p')!.textContent).toBe('Sources: pricing.pdf p. 3, faq.md');
  });

  it('opens the cited passage, and closes it on a second press', async () => {
    renderSources();
    const button = screen.getByRole('button', { name: 'pricing.pdf p. 3' });
    fireEvent.click(button);
    expect(await screen.findByText('The Pro plan costs 100 dollars a month.')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(screen.queryByText('The Pro plan costs 100 dollars a month.')).toBeNull();
  });

  it('says so when a passage is gone', async () => {
    renderSources();
    fireEvent.click(screen.getByRole('button', { name: 'faq.md' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This passage is not one a reply of yours cited, or its file was removed.');
  });
});
