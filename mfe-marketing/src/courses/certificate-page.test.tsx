/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { marketingApi } from '../api/marketing-api';
import CertificatePage from './certificate-page';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getCertificate: jest.fn() } }));
const getCertificate = marketingApi.getCertificate as jest.Mock;

function renderAt(code: string) {
  return render(
    <MemoryRouter initialEntries={[`/certificates/${code}`]}>
      <Routes>
        <Route path="/certificates/:code" element={<CertificatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('certificate verification page', () => {
  it('shows who completed which course and when, with the PDF', async () => {
    getCertificate.mockResolvedValue({
      code: 'K7PD-3XQM-9TBA',
      courseId: 'ai-fundamentals',
      courseTitle: 'AI Fundamentals for Business',
      learnerName: 'Grace Hopper',
      completedAt: '2026-11-25T10:00:00.000Z',
    });
    renderAt('K7PD-3XQM-9TBA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verified certificate' })).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('AI Fundamentals for Business')).toBeTruthy();
    expect(screen.getByText('November 25, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download certificate (PDF)' }).getAttribute('href')).toBe('/api/catalog/certificates/K7PD-3XQM-9TBA/pdf');
    expect(getCertificate).toHaveBeenCalledWith('K7PD-3XQM-9TBA', expect.anything());

    // LinkedIn's forms, filled in with the certificate and this site's address for it.
    const page = `${window.location.origin}/certificates/K7PD-3XQM-9TBA`;
    const add = new URL(screen.getByRole('link', { name: /Add to LinkedIn profile/ }).getAttribute('href')!);
    expect(add.origin + add.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(add.searchParams)).toMatchObject({
      name: 'AI Fundamentals for Business',
      organizationName: 'Agentdock',
      issueYear: '2026',
      issueMonth: '11',
      certId: 'K7PD-3XQM-9TBA',
      certUrl: page,
    });
    const share = new URL(screen.getByRole('link', { name: /Share on LinkedIn/ }).getAttribute('href')!);
    expect(share.searchParams.get('url')).toBe(page);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says so when no certificate has the code', async () => {
    getCertificate.mockResolvedValue(null);
    renderAt('ABCD-EFGH-JKLM');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate Not Found' })).toBeTruthy();
  });
});
