import { describe, expect, it } from 'vitest';
import { parseColor } from './colors.fns.ts';
import { afterFontSize, scanCss } from './css.fns.ts';
import { extractDesign, fontsFromLinks, mapBrandColors, rolesFromVars } from './design.fns.ts';
import { iconLinks, largestSize, manifestIcons, rankIcons } from './icon-pick.fns.ts';

describe('parseColor', () => {
  it.each([
    ['#FFF', '#ffffff'], ['#1a2b3c', '#1a2b3c'], ['#1a2b3cff', '#1a2b3c'], ['#1a2b3c10', null], ['rgb(255, 0, 0)', '#ff0000'],
    ['rgba(0,0,255,0.9)', '#0000ff'], ['rgba(0,0,255,0.1)', null], ['rgb(100% 0% 0% / 80%)', '#ff0000'], ['hsl(120, 100%, 25%)', '#008000'],
    ['white', '#ffffff'], ['transparent', null], ['currentColor', null], ['var(--x)', null], ['#12', null], ['rgb(a,b,c)', null],
    ['rgb(  255 , 0, 0 )', '#ff0000'], ['rgb(1, 2, 3', null],
  ])('%s → %s', (input, expected) => expect(parseColor(input)).toBe(expected));

  it.each([
    ['italic bold 12px/1.5 Inter, serif', 'Inter, serif'], ['16px Inter', 'Inter'], ['bold 1.2em/2 "Open Sans"', '"Open Sans"'],
    ['Inter, serif', 'Inter, serif'], ['12px/1.5/2 Inter', 'Inter'], ['var(--f)', 'var(--f)'], ['x 12px\n Inter', 'Inter'],
    ['12px', '12px'],
  ])('afterFontSize(%j) = %j', (input, expected) => expect(afterFontSize(input)).toBe(expected));

  it('reads 50 000 characters of the attack strings of the patterns it replaced in one pass', () => {
    expect(parseColor(`rgb(${' '.repeat(50_000)}`)).toBeNull();
    expect(afterFontSize(`${'1'.repeat(50_000)}x`)).toBe(`${'1'.repeat(50_000)}x`);
    expect(largestSize(`${'1'.repeat(50_000)}y`)).toBeNull();
  });
});

describe('the brand colour rule', () => {
  const css = (text: string) => scanCss(text);
  it.each([
    ['custom properties name the roles', ':root{--color-primary:#0055ff;--secondary:#ff8800;--accent-color:#22aa44;--bg:#fafafa;--text-color:#222}', null,
      { primary: '#0055ff', secondary: '#ff8800', accent: '#22aa44', background: '#fafafa', text: '#222222' }],
    ['theme-color is the primary when no property names it', 'body{background:#fff;color:#333} a{color:#e63946} .b{border-color:#e63946} .c{background:#2a9d8f}', '#7b2cbf',
      { primary: '#7b2cbf', secondary: '#e63946', accent: '#2a9d8f', background: '#ffffff', text: '#333333' }],
    ['most used chromatic colours, near-duplicates merged', 'a{color:#e63946}a{color:#e63946}a{color:#e53945}.x{background:#1d3557}.y{fill:#457b9d}', null,
      { primary: '#e63946', secondary: '#1d3557', accent: '#457b9d', background: '#ffffff', text: '#111111' }],
    ['greys are never brand colours', 'p{color:#333}.a{background:#eee}.b{border:1px solid #ccc}', null,
      { background: '#eeeeee', text: '#333333' }],
    ['a chromatic theme-color only', '', '#ff0000', { primary: '#ff0000', background: '#ffffff', text: '#111111' }],
    ['a white theme-color is not a primary', '', '#ffffff', { background: '#ffffff', text: '#111111' }],
  ])('%s', (_label, text, theme, expected) => {
    expect(mapBrandColors(css(text), theme ? parseColor(theme) : null)).toEqual(expected);
  });

  it('reads custom property roles by name', () => {
    expect(rolesFromVars(new Map([['brand', '#111111'], ['primary-500', '#222222'], ['bs-body-bg', '#ffffff']]))).toEqual({ primary: '#111111' });
  });
});

const page = `<!doctype html><html><head><title>Acme — analytics</title>
<meta name="description" content="Acme measures things.">
<meta property="og:description" content="OG about">
<meta property="og:image" content="/og.png">
<meta name="theme-color" content="#0a7cff">
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto+Slab">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"x"},{"@type":"Organization","name":"Acme Inc","logo":{"@type":"ImageObject","url":"https://cdn.acme.com/logo.png"},"description":"Acme is the analytics company."}]}</script>
<script type="application/ld+json">{ broken json</script>
<style>body{font-family:"Inter",sans-serif;color:#1b1b1b;background:#fcfcfc} h1{font-family:'Roboto Slab',serif} .btn{background:#ff5a1f}</style>
</head><body><img class="site-logo" src="/img/logo.svg"><p style="color:#ff5a1f">hi</p></body></html>`;

describe('extractDesign', () => {
  it('reads colours, fonts, logo and about from one page', () => {
    const d = extractDesign({ html: page, pageUrl: 'https://acme.com/', stylesheets: ['.card{border:1px solid #00b894}'] });
    expect(d.brandColors).toEqual({ primary: '#0a7cff', secondary: '#ff5a1f', accent: '#00b894', background: '#fcfcfc', text: '#1b1b1b' });
    expect(d.fontNames).toEqual(['Inter', 'Roboto Slab']);
    expect(d.logoUrl).toBe('https://cdn.acme.com/logo.png');
    expect(d.about).toBe('Acme is the analytics company.');
    expect(d.designMd).toContain('# Acme Inc design');
    expect(d.designMd).toContain('- primary: #0a7cff');
    expect(d.designMd).toContain('- Inter');
  });

  it.each([
    ['og:image when no Organization logo', page.replace(/"logo":\{[^}]*\},/, ''), 'https://acme.com/og.png'],
    ['a logo image last', page.replace(/"logo":\{[^}]*\},/, '').replace(/<meta property="og:image"[^>]*>/, ''), 'https://acme.com/img/logo.svg'],
  ])('logo: %s', (_label, html, logo) => expect(extractDesign({ html, pageUrl: 'https://acme.com/', stylesheets: [] }).logoUrl).toBe(logo));

  it.each([
    ['meta description without JSON-LD', page.replace(/<script type="application\/ld\+json">\{"@context[^<]*<\/script>/, ''), 'Acme measures things.'],
    ['og:description last', page.replace(/<script type="application\/ld\+json">\{"@context[^<]*<\/script>/, '').replace(/<meta name="description"[^>]*>/, ''), 'OG about'],
  ])('about: %s', (_label, html, about) => expect(extractDesign({ html, pageUrl: 'https://acme.com/', stylesheets: [] }).about).toBe(about));

  it('survives garbage', () => {
    const d = extractDesign({ html: '\u0000<<<>>>not html', pageUrl: 'https://acme.com/', stylesheets: ['{{{ color: ;;; }', 'a{color:#zzz}'] });
    expect(d).toMatchObject({ fontNames: [], logoUrl: null, about: null, brandColors: { background: '#ffffff', text: '#111111' } });
  });

  it('reads font links', () => expect(fontsFromLinks(['https://fonts.googleapis.com/css?family=Open+Sans:400|Lato', 'https://evil.com/?family=X'])).toEqual(['Open Sans', 'Lato']));
});

describe('icon pick', () => {
  const html = `<link rel="icon" href="/favicon-32.png" sizes="32x32"><link rel="icon" href="/icon.svg" type="image/svg+xml">
    <link rel="apple-touch-icon" href="/apple.png"><link rel="manifest" href="/site.webmanifest"><link rel="shortcut icon" href="/favicon.ico">`;
  it('collects link icons (SVG left out) and the manifest', () => {
    const { candidates, manifestUrl } = iconLinks(html, 'https://acme.com/about');
    expect(candidates.map((c) => [c.source, c.url, c.size])).toEqual([
      ['icon', 'https://acme.com/favicon-32.png', 32], ['apple-touch-icon', 'https://acme.com/apple.png', 180], ['icon', 'https://acme.com/favicon.ico', 16],
    ]);
    expect(manifestUrl).toBe('https://acme.com/site.webmanifest');
  });

  it('reads manifest icons; garbage and maskable-only icons give none', () => {
    const manifest = JSON.stringify({ icons: [{ src: 'android-512.png', sizes: '512x512' }, { src: 'm.png', sizes: '192x192', purpose: 'maskable' }, { src: 'a.svg', type: 'image/svg+xml' }] });
    expect(manifestIcons(manifest, 'https://acme.com/static/site.webmanifest')).toEqual([{ url: 'https://acme.com/static/android-512.png', source: 'manifest', size: 512 }]);
    expect(manifestIcons('<html>', 'https://acme.com/m.json')).toEqual([]);
    expect(manifestIcons('{"icons":"x"}', 'https://acme.com/m.json')).toEqual([]);
  });

  it('ranks the largest first, /favicon.ico always last', () => {
    const { candidates } = iconLinks(html, 'https://acme.com/');
    const ranked = rankIcons([...candidates, ...manifestIcons('{"icons":[{"src":"/512.png","sizes":"512x512"}]}', 'https://acme.com/m.json')], 'https://acme.com/');
    expect(ranked.map((c) => c.url)).toEqual(['https://acme.com/512.png', 'https://acme.com/apple.png', 'https://acme.com/favicon-32.png', 'https://acme.com/favicon.ico']);
    expect(rankIcons([], 'https://acme.com/x')).toEqual([{ url: 'https://acme.com/favicon.ico', source: 'favicon.ico', size: 0 }]);
  });

  it.each([['16x16 32x32', 32], ['any', null], [undefined, null], ['192X192', 192], ['48 x 48', 48], ['a16x16', 16]])('largestSize(%s) = %s', (s, n) => expect(largestSize(s)).toBe(n));
});
