/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { forgetContentSections, loadedSiteContent } from '../content/content-sections';
import { useResource } from '../shared/use-resource';
import { sectionFixture } from '../test-support/catalog';
import { seedFromServer } from './hydrate-seed';
import { SERVER_DATA_ELEMENT_ID } from './server-data';

function serveData(json: string) {
  document.head.innerHTML = `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${json}</script>`;
}

function Plans({ load }: { load: () => Promise<string[]> }) {
  const [plans] = useResource('plans', load);
  return <p>{plans.status === 'loaded' ? plans.data.join(', ') : plans.status}</p>;
}

afterEach(() => {
  document.head.innerHTML = '';
  forgetContentSections();
  jest.restoreAllMocks();
});

describe('seedFromServer', () => {
  it('renders the first time with the data the server rendered, without fetching it again', async () => {
    const section = sectionFixture({ slot: 'pricing.intro' });
    serveData(JSON.stringify({ content: [section], resources: { plans: ['Free', 'Pro'] } }));
    seedFromServer();
    expect(loadedSiteContent()?.get('pricing.intro')).toEqual(section);

    const load = jest.fn(async () => ['fetched']);
    const first = render(<Plans load={load} />);
    expect(screen.getByText('Free, Pro')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    first.unmount();

    // The seed served one render: a later visit to the page fetches afresh.
    render(<Plans load={load} />);
    expect(await screen.findByText('fetched')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the stores alone without server data, and reports unreadable data', () => {
    seedFromServer();
    expect(loadedSiteContent()).toBeUndefined();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveData('{not json');
    seedFromServer();
    expect(loadedSiteContent()).toBeUndefined();
    expect(consoleError).toHaveBeenCalledWith('[agentdock] unreadable server data', expect.any(SyntaxError));
  });
});
