import { describe, expect, it } from 'vitest';
import { fetchedOnce } from './fetched-once.ts';

describe('code fetched once', () => {
  it('fetches once however often it is asked for, and is here once fetched', async () => {
    let fetches = 0;
    const code = fetchedOnce(() => Promise.resolve(`chunk ${++fetches}`));
    expect(code.now()).toBeNull();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect([a, b, await code.load(), code.now(), fetches]).toEqual(['chunk 1', 'chunk 1', 'chunk 1', 'chunk 1', 1]);
  });

  it('asks again after a fetch that failed', async () => {
    let fetches = 0;
    const code = fetchedOnce(() => (++fetches === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('chunk')));
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.now()).toBeNull();
    expect(await code.load()).toBe('chunk');
    expect(fetches).toBe(2);
  });
});
