import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('prefers the config the app host injects', () => {
    const config = readConfig(
      { apiBase: 'https://api.shop.example/', siteId: 2, pspOrigin: 'https://pay.example' },
      { VITE_API_BASE: 'http://ignored:1' },
      'https://shop.example',
    );
    expect(config).toEqual({ apiBase: 'https://api.shop.example', siteId: 2, appOrigin: 'https://shop.example', pspOrigin: 'https://pay.example' });
  });

  it('falls back to Vite variables, then to the local defaults', () => {
    expect(readConfig(undefined, { VITE_API_BASE: 'http://api.test:8080', VITE_SITE_ID: '3' }, 'http://localhost:3000')).toMatchObject({
      apiBase: 'http://api.test:8080',
      siteId: 3,
    });
    expect(readConfig(undefined, { VITE_API_BASE: ' ' }, 'http://localhost:3000')).toEqual({
      apiBase: 'http://localhost:3001',
      siteId: 1,
      appOrigin: 'http://localhost:3000',
      pspOrigin: 'http://localhost:3002',
    });
  });

  it('names a bad value', () => {
    expect(() => readConfig({ apiBase: 'not a url' }, {}, undefined)).toThrow(/apiBase/);
    expect(() => readConfig(undefined, { VITE_SITE_ID: 'abc' }, undefined)).toThrow(/siteId/);
  });
});
