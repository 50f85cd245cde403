import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA (4.5:1 for body text) for the theme tokens that carry text, computed from the
 * CSS variables themselves (oklch → sRGB → relative luminance), so a token change that
 * breaks contrast fails here.
 */
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

function tokens(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]),
  );
}

type Rgb = [number, number, number];

/** CSS Color 4's oklch → linear sRGB (clamped to the gamut), then sRGB. */
function oklch(value: string): Rgb {
  const m = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (!m) throw new Error(`not an oklch colour: ${value}`);
  const [l, c, h] = [Number(m[1]), Number(m[2]), (Number(m[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return linear.map((v) => {
    const x = Math.min(1, Math.max(0, v));
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  }) as Rgb;
}

const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((v) =>
    v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4,
  ) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (x: Rgb, y: Rgb): number => {
  const [a, b] = [luminance(x), luminance(y)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
};

/** `top` at `alpha` over `bottom`, as Tailwind's `bg-x/15` paints it. */
const over = (top: Rgb, alpha: number, bottom: Rgb): Rgb =>
  top.map((v, i) => v * alpha + (bottom[i] ?? 0) * (1 - alpha)) as Rgb;

describe.each([
  ['light', ':root'],
  ['dark', '.dark'],
])('%s theme', (_name, selector) => {
  const own = tokens(selector);
  const light = tokens(':root');
  const color = (name: string) => oklch(own.get(name) ?? (light.get(name) as string));
  // The rail and a hovered or selected row (accent) carry avatars and red text too.
  const surfaces = ['background', 'card', 'sidebar', 'popover', 'rail', 'accent'];

  it.each(surfaces)('links (text-link, text-primary) on %s reach 4.5:1', (surface) => {
    expect(contrast(color('link'), color(surface))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(color('primary'), color(surface))).toBeGreaterThanOrEqual(4.5);
  });

  it('avatar initials (primary on its opaque disc, primary at 15 % over the card) reach 4.5:1', () => {
    const disc = over(color('primary'), 0.15, color('card'));
    expect(contrast(color('primary'), disc)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(surfaces)('red text (text-destructive) on %s reaches 4.5:1', (surface) => {
    expect(contrast(color('destructive'), color(surface))).toBeGreaterThanOrEqual(4.5);
  });

  it('white on a red fill (a destructive button, « Quitter ») reaches 4.5:1', () => {
    const fill = color('destructive-fill');
    expect(contrast(color('destructive-foreground'), fill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast([1, 1, 1], fill)).toBeGreaterThanOrEqual(4.5);
  });

  it('a primary button’s text reaches 4.5:1', () => {
    expect(contrast(color('primary-foreground'), color('primary'))).toBeGreaterThanOrEqual(4.5);
  });

  it('body and muted text reach 4.5:1', () => {
    expect(contrast(color('foreground'), color('background'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(color('muted-foreground'), color('background'))).toBeGreaterThanOrEqual(4.5);
  });
});
