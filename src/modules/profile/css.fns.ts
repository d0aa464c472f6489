import * as csstree from 'css-tree';
import { parseColor } from './colors.fns.ts';

// One pass over a stylesheet with css-tree: colour use by property, custom properties, the
// colours and fonts of the page's root elements, and font families by use.

export interface CssFacts {
  /** Colour → uses, by kind of property. */
  colorUses: Map<string, { background: number; text: number; other: number }>;
  /** Custom properties whose value is a colour, by name without the leading dashes (last wins). */
  colorVars: Map<string, string>;
  /** `background(-color)` and `color` declared on html, body or :root. */
  rootBackground: string | null;
  rootText: string | null;
  /** First family of each `font-family`, by use (generic families left out). */
  fontUses: Map<string, number>;
}

export const emptyFacts = (): CssFacts => ({ colorUses: new Map(), colorVars: new Map(), rootBackground: null, rootText: null, fontUses: new Map() });

const GENERIC_FONTS = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-sans-serif', 'ui-serif', 'ui-monospace', 'ui-rounded', 'emoji', 'math', 'fangsong', 'inherit', 'initial', 'unset', 'revert', '-apple-system', 'blinkmacsystemfont', 'segoe ui', 'helvetica neue', 'arial', 'helvetica', 'sans', 'apple color emoji', 'segoe ui emoji', 'times new roman', 'times', 'courier new', 'courier']);
const BACKGROUND_PROPS = new Set(['background', 'background-color']);
const ROOT_SELECTOR = /^(?:html|body|:root)$/;

function colorsIn(value: csstree.CssNode): string[] {
  const out: string[] = [];
  csstree.walk(value, (node) => {
    let color: string | null = null;
    if (node.type === 'Hash') color = parseColor(`#${node.value}`);
    else if (node.type === 'Function' && /^(?:rgba?|hsla?)$/i.test(node.name)) color = parseColor(csstree.generate(node));
    else if (node.type === 'Identifier') color = parseColor(node.name);
    if (color) out.push(color);
    return node.type === 'Function' ? csstree.walk.skip : undefined;
  });
  return out;
}

/**
 * A `font` shorthand after its size and line height ("italic bold 12px/1.5 Inter, serif" →
 * "Inter, serif"), or all of it without one: the first word holding a digit ([\w.%] characters,
 * optionally "/" and more) that white space follows, on the first line. One scan of the words:
 * as the pattern /^.*?\d[\w.%]*(?:\/[\w.%]+)?\s+/ it retried every digit of a long number.
 */
export function afterFontSize(text: string): string {
  const part = (c: string | undefined) => c !== undefined && /[\w.%]/.test(c);
  const space = (c: string | undefined) => c !== undefined && /\s/.test(c);
  const lineEnd = text.search(/[\n\r\u2028\u2029]/);
  const limit = lineEnd === -1 ? text.length : lineEnd;
  for (let i = 0; i < limit;) {
    if (!part(text[i])) { i++; continue; }
    const from = i;
    while (part(text[i])) i++;
    if (!/\d/.test(text.slice(from, i))) continue;
    let end = i;
    if (text[end] === '/' && part(text[end + 1])) for (end++; part(text[end]);) end++;
    if (!space(text[end])) continue;
    while (space(text[end])) end++;
    return text.slice(end);
  }
  return text;
}

export function firstFontFamily(value: string): string | null {
  for (const raw of value.split(',')) {
    const name = raw.trim().replace(/^["']|["']$/g, '').trim();
    if (!name || name.startsWith('var(')) continue;
    if (GENERIC_FONTS.has(name.toLowerCase())) continue;
    return name;
  }
  return null;
}

/** Adds one stylesheet's facts to `facts` (several sheets accumulate). Unparseable parts are skipped by css-tree. */
export function scanCss(css: string, facts: CssFacts = emptyFacts()): CssFacts {
  const ast = csstree.parse(css, { parseCustomProperty: false, parseRulePrelude: false, parseAtrulePrelude: false, onParseError: () => {} });
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(node: csstree.Declaration) {
      const property = node.property.toLowerCase();
      if (property.startsWith('--')) {
        const color = parseColor(csstree.generate(node.value).trim());
        if (color) facts.colorVars.set(property.slice(2), color);
        return;
      }
      if (property === 'font-family' || property === 'font') {
        const text = csstree.generate(node.value);
        const family = firstFontFamily(property === 'font' ? afterFontSize(text) : text);
        if (family) facts.fontUses.set(family, (facts.fontUses.get(family) ?? 0) + 1);
        return;
      }
      const kind = BACKGROUND_PROPS.has(property) ? 'background' : property === 'color' ? 'text' : /color|fill|stroke|border|outline|shadow/.test(property) ? 'other' : null;
      if (!kind) return;
      const colors = colorsIn(node.value);
      for (const color of colors) {
        const uses = facts.colorUses.get(color) ?? { background: 0, text: 0, other: 0 };
        uses[kind] += 1;
        facts.colorUses.set(color, uses);
      }
      if (colors[0] && (kind === 'background' || kind === 'text') && this.rule) {
        const selectors = csstree.generate(this.rule.prelude).split(',').map((s) => s.trim().toLowerCase());
        if (selectors.some((s) => ROOT_SELECTOR.test(s))) {
          if (kind === 'background') facts.rootBackground = colors[0];
          else facts.rootText = colors[0];
        }
      }
    },
  });
  return facts;
}
