import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// WCAG 2.2 (1.4.11 non-text contrast): a focus indicator needs 3:1 against what it sits on.
const css = readFileSync(join(__dirname, 'styles.css'), 'utf8');

function token(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!match?.[1]) throw new Error(`--${name} is not a 6-digit hex colour in styles.css`);
  return match[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('focus outline', () => {
  it.each(['ad-color-bg', 'ad-color-surface', 'ad-color-raised', 'ad-color-primary-soft', 'ad-color-dark', 'ad-color-dark-raised'])(
    'contrasts at least 3:1 with --%s',
    (background) => {
      expect(contrast(token('ad-color-focus'), token(background))).toBeGreaterThanOrEqual(3);
    },
  );

  it('is the one colour every focus outline in the kit uses', () => {
    const outlines = css.match(/outline:\s*[^;]+;/g) ?? [];
    expect(outlines.length).toBeGreaterThan(0);
    for (const outline of outlines) expect(outline).toMatch(/var\(--ad-color-focus\)|outline:\s*none/);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
