/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { FocusManager } from './focus-manager';

function Home() {
  const navigate = useNavigate();
  const [gone, setGone] = useState(false);
  if (gone) return null;
  return (
    <>
      <h1>Home</h1>
      <button
        type="button"
        onClick={() => {
          // The clicked control disappears with the old page, as a submitted sign-in form does.
          setGone(true);
          navigate('/next');
        }}
      >
        Go
      </button>
      <button type="button" onClick={() => navigate('/next')}>
        Stay
      </button>
    </>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <FocusManager />
      <main>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/next" element={<h1>Next page</h1>} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

describe('FocusManager', () => {
  it('leaves focus alone on the first page', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves focus that fell to <body> to the new page's heading", async () => {
    renderApp();
    const go = screen.getByRole('button', { name: 'Go' });
    go.focus();
    await act(async () => go.click());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next page' }));
  });

  it('never takes focus from a control that is still there', async () => {
    renderApp();
    const stay = screen.getByRole('button', { name: 'Stay' });
    // A control outside the routed page (a header link) keeps focus.
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    await act(async () => stay.click());
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
