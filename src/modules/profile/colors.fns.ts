// Colour values of CSS, normalised to #rrggbb, and the measures the brand-colour rule uses.

export interface Rgb { r: number; g: number; b: number }

const NAMED: Record<string, string> = {
  white: '#ffffff', black: '#000000', red: '#ff0000', green: '#008000', blue: '#0000ff', navy: '#000080',
  gray: '#808080', grey: '#808080', silver: '#c0c0c0', orange: '#ffa500', purple: '#800080', teal: '#008080',
  yellow: '#ffff00', maroon: '#800000', olive: '#808000', lime: '#00ff00', aqua: '#00ffff', fuchsia: '#ff00ff',
  whitesmoke: '#f5f5f5', gainsboro: '#dcdcdc', crimson: '#dc143c', tomato: '#ff6347', gold: '#ffd700', indigo: '#4b0082',
};

const hex2 = (n: number) => Math.round(Math.max(0, Math.min(255, n))).toString(16).padStart(2, '0');
export const toHex = ({ r, g, b }: Rgb) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

export function fromHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/**
 * One CSS colour to #rrggbb, or null (transparent, fully see-through, currentColor, var(), and
 * anything unparseable). Colours with an alpha below 0.5 are ignored: they tint, they don't brand.
 */
export function parseColor(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (NAMED[value]) return NAMED[value]!;
  let m = /^#([0-9a-f]{3,8})$/.exec(value);
  if (m) {
    let h = m[1]!;
    if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
    if (h.length !== 6 && h.length !== 8) return null;
    if (h.length === 8 && parseInt(h.slice(6), 16) < 128) return null;
    return `#${h.slice(0, 6)}`;
  }
  // No \s* before [^)]*: the two traded spaces (quadratic on "rgb(" and many spaces); split drops them.
  m = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(value);
  if (!m) return null;
  const parts = m[2]!.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3) return null;
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
  if (!(alpha >= 0.5)) return null;
  if (m[1]!.startsWith('rgb')) {
    const n = parts.slice(0, 3).map((p) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p)));
    if (n.some((x) => !Number.isFinite(x))) return null;
    return toHex({ r: n[0]!, g: n[1]!, b: n[2]! });
  }
  const h = parseFloat(parts[0]!);
  const s = parseFloat(parts[1]!) / 100;
  const l = parseFloat(parts[2]!) / 100;
  if (![h, s, l].every(Number.isFinite)) return null;
  return toHex(hslToRgb(((h % 360) + 360) % 360, s, l));
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const { r, g, b } = fromHex(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** HSL saturation, 0 (grey) to 1. */
export function saturation(hex: string): number {
  const { r, g, b } = fromHex(hex);
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  if (max === min) return 0;
  return l > 0.5 ? (max - min) / (2 - max - min) : (max - min) / (max + min);
}

/** A brand colour carries hue: saturated enough and neither near-white nor near-black. */
export const isChromatic = (hex: string) => saturation(hex) >= 0.25 && luminance(hex) > 0.02 && luminance(hex) < 0.9;

/** Euclidean distance in RGB; colours closer than 48 count as the same brand colour. */
export function distance(a: string, b: string): number {
  const x = fromHex(a);
  const y = fromHex(b);
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
}
