import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The design tokens' own claims about contrast, checked against the colours they name. */
const css = readFileSync(path.resolve('src/ui/tokens.css'), 'utf8');

function token(name: string): string {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!m?.[1]) throw new Error(`no colour token --${name}`);
  return m[1];
}

/** WCAG 2.2's relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Where a claim's "on …" points. */
const BACKGROUNDS: Record<string, string> = {
  white: '#ffffff',
  'surface-muted': token('color-surface-muted'),
  'the disabled surface': token('color-disabled-surface'),
};

/** Every "--color-x: #hex; /* N:1 on Y" of the file, with each of its claims. */
const claims = [...css.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6});\s*\/\*([^*]*)\*\//gi)].flatMap(([, name, colour, comment]) =>
  [...(comment ?? '').matchAll(/(\d+(?:\.\d+)?):1 on ((?:the )?[\w-]+(?: surface)?)/g)].map(([, ratio, on]) => ({ name: name!, colour: colour!, ratio: Number(ratio), on: on! })),
);

describe('tokens.css', () => {
  it('makes claims to check', () => {
    expect(claims.map((c) => c.name)).toEqual(expect.arrayContaining(['color-text', 'color-text-muted', 'color-disabled-text']));
  });

  it.each(claims)('--$name is $ratio:1 on $on, as its comment says', ({ colour, ratio, on }) => {
    const background = BACKGROUNDS[on];
    expect(background, `a background named "${on}"`).toBeDefined();
    // The claim is the ratio rounded down to one decimal.
    expect(Math.floor(contrast(colour, background!) * 10) / 10).toBeGreaterThanOrEqual(ratio);
  });

  it('gives disabled controls' + " text at least 4.5:1 on their surface (WCAG 1.4.3)", () => {
    expect(contrast(token('color-disabled-text'), token('color-disabled-surface'))).toBeGreaterThanOrEqual(4.5);
  });
});
