// A recommendation's own text and its evidence, in the item's language (the API's
// `language`), whatever the browser's locale: the catalogue's `recs.` keys and the shared formatter.
import { html } from '../lib.js';
import { createFormatter } from '../../../../lib/format/format.ts';
import { t } from '../../../../lib/messages/index.ts';

const formatters = new Map();
/** The shared formatter of the workspace's language: a card and its evidence read in it, whatever the browser's locale. */
export function fmtIn(language) {
  if (!formatters.has(language)) formatters.set(language, createFormatter({ locale: language, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' }));
  return formatters.get(language);
}
/** A word of the catalogue in the card's language (English for an item read before the API said its language). */
export const sayIn = (language, key, params) => t(language ?? 'en', key, params);

/**
 * A figure as a line in the card's language: "Answers naming competitors but not Holded: 75.0% (3 of 4;
 * 95% 30.1–95.4%)." The label is the API's, already in that language; a count is a count, with no interval.
 */
export function figureSentence(f, language) {
  const F = fmtIn(language);
  const label = String(f.label ?? '').trim().replace(/[.!?…]$/, '');
  const value = f.unit === 'percent' ? F.percent(f.value) : f.unit === 'count' ? F.count(f.value) : F.decimal(f.value);
  if (f.unit === 'count' || !f.interval || f.k === undefined || f.k === null) return `${sayIn(language, 'recs.ui.figureNoInterval', { label, value })}.`;
  return `${sayIn(language, 'recs.ui.figure', { label, value, k: F.count(f.k), n: F.count(f.n), interval: F.interval(f.interval, undefined, f.unit === 'percent' ? { unit: '%' } : {}) })}.`;
}
/** Links only to sources real engines cited; a simulated answer's address is an invented example: labelled, never a link. */
export function Sources({ ev, language }) {
  if (!ev.urls?.length) return null;
  const urls = ev.urls.slice(0, 5);
  if (ev.simulated) return html`<ul class="plain sources">${urls.map((u) => html`<li><span class="fake-url">${u}</span> <small class="muted">(${sayIn(language, 'recs.ui.simulatedSource')})</small></li>`)}</ul>`;
  return html`<p>${sayIn(language, 'recs.ui.sourcesCited')} ${urls.map((u, i) => html`${i ? ', ' : ''}<a href=${u} rel="noopener noreferrer nofollow" target="_blank">${new URL(u, location.href).hostname}</a>`)}</p>`;
}

