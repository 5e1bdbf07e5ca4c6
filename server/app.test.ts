import { describe, expect, it } from 'vitest';
import { createApi } from './app.ts';
import { readEnv } from './env.ts';

describe('API', () => {
  it('answers GET /healthz', async () => {
    const res = await createApi().request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('readEnv', () => {
  it('defaults the three ports', () => {
    expect(readEnv({})).toMatchObject({ appPort: 3000, apiPort: 3001, pspPort: 3002 });
  });
  it('names each bad value', () => {
    expect(() => readEnv({ API_PORT: 'abc' })).toThrow(/API_PORT: must be a number/);
  });
});
