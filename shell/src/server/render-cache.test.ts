import { createRenderCache } from './render-cache';

describe('createRenderCache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('renders a key once while it is fresh, and again after the time to live', async () => {
    const cache = createRenderCache<string>({ ttlMs: 1_000, now });
    let renders = 0;
    const render = jest.fn(async (): Promise<string> => `render ${++renders}`);
    await expect(cache.get('/pricing', render)).resolves.toBe('render 1');
    clock += 999;
    await expect(cache.get('/pricing', render)).resolves.toBe('render 1');
    clock += 1;
    await expect(cache.get('/pricing', render)).resolves.toBe('render 2');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('shares one render among concurrent requests for a key, and keeps keys apart', async () => {
    const cache = createRenderCache<string>({ ttlMs: 1_000, now });
    let finish: (html: string) => void = () => undefined;
    const render = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = cache.get('/', render);
    const second = cache.get('/', render);
    finish('home');
    await expect(Promise.all([first, second])).resolves.toEqual(['home', 'home']);
    expect(render).toHaveBeenCalledTimes(1);
    await expect(cache.get('/about', async () => 'about')).resolves.toBe('about');
  });

  it('forgets a failed render so the next request tries again', async () => {
    const cache = createRenderCache<string>({ ttlMs: 60_000, now });
    await expect(cache.get('/', async () => Promise.reject(new Error('remote down')))).rejects.toThrow('remote down');
    await expect(cache.get('/', async () => 'back')).resolves.toBe('back');
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = createRenderCache<string>({ ttlMs: 60_000, maxEntries: 2, now });
    await cache.get('/a', async () => 'a1');
    await cache.get('/b', async () => 'b1');
    await cache.get('/c', async () => 'c1');
    await expect(cache.get('/b', async () => 'b2')).resolves.toBe('b1');
    await expect(cache.get('/a', async () => 'a2')).resolves.toBe('a2');
  });
});
