// Shared pieces of the dashboard: templating (Preact + htm), the JSON API client, formatting
// and the small components every page uses. Checked JavaScript, bundled by esbuild (scripts/build-dashboard.mjs).
import { toneOfScore } from '../../../lib/format/tone.ts';
import { h, render } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { createFormatter, languageOf, plural } from '../../../lib/format/format.ts';
import { isKey, render as renderMessage } from '../../../lib/messages/index.ts';
import { createJsonApiClient } from '../../../client/api.ts';

export const html = htm.bind(h);
export { plural, render, useCallback, useEffect, useMemo, useRef, useState };

/** An API error with the envelope's code, status and details (docs/api.md, "Errors"). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? say('dashboard.common.requestFailed', { status: String(status) }));
    this.status = status;
    this.code = body?.error?.code ?? 'http_error';
    this.details = body?.error?.details ?? null;
  }
}

const toSignIn = () => location.assign(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);

/**
 * The JSON API on this origin with the session cookie, through the typed client the CLI uses too
 * (src/client): `call(client.GET('/api/v1/workspaces/{workspace}/runs', { params: … }))`. The
 * browser's Origin header satisfies the CSRF rule. An answer 401 outside the auth routes sends
 * the visitor to sign in.
 */
export const client = createJsonApiClient({ credentials: 'same-origin' });
client.use({
  onResponse({ request, response }) {
    if (response.status === 401 && !new URL(request.url, location.origin).pathname.startsWith('/api/v1/auth/')) toSignIn();
    return undefined;
  },
});

/**
 * A typed call's data (null for an empty answer), or its error envelope thrown as an ApiError.
 * @template D
 * @param {Promise<{ data?: D, error?: unknown, response: Response }>} pending
 * @returns {Promise<D>}
 */
export async function call(pending) {
  const { data, error, response } = await pending;
  if (!response.ok) throw new ApiError(response.status, error);
  return data ?? null;
}

/** @typedef {import('../../../client/api.ts').paths} Paths */
/**
 * The query a GET route takes, to type a page's filters with the values the route accepts.
 * @template {keyof Paths} P
 * @typedef {Paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never} Query
 */
/**
 * The JSON body a route takes, to type a page's form state with the values the route accepts.
 * @template {keyof Paths} P
 * @template {'post' | 'put' | 'patch'} [M='post']
 * @typedef {Paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never} Body
 */

/**
 * The address of a route of the API for what the browser follows itself (a link, an image, a
 * command to copy): `template` is a path of the API's document, so a renamed route fails the
 * type check here as it does in `client`.
 * @param {keyof Paths} template
 * @param {Record<string, string>} params the template's `{…}` parts
 * @param {Record<string, string>} [query]
 * @returns {string}
 */
export function apiPath(template, params, query) {
  const path = template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(params[name]));
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
/**
 * The Answers page showing the answers behind a figure: `filters` are the answers list's own
 * (runId, promptId, engine, surface, from, to, mentions, cited, sentiment, q) plus `answer` to
 * open one; empty values are left out. Every figure of the dashboard links through here.
 * @param {string} workspace
 * @param {Partial<Record<keyof Query<'/api/v1/workspaces/{workspace}/answers'> | 'answer', string | undefined | null>>} filters
 */
export const answersHref = (workspace, filters) => {
  const query = new URLSearchParams(/** @type {[string, string][]} */ (Object.entries(filters).filter(([, v]) => v))).toString();
  return `/w/${encodeURIComponent(workspace)}/answers${query ? `?${query}` : ''}`;
};
/**
 * A request body the API's document does not describe, sent as it is through the typed client:
 * the log upload and the icon upload read their bytes themselves (octet stream, multipart), so
 * their schemas declare no body and openapi-fetch types it as `never`. Path and parameters stay
 * checked; the body, and only it, is not.
 * @param {Blob | FormData} body
 */
export const rawBody = (body) => ({ body: /** @type {never} */ (body), bodySerializer: (/** @type {Blob | FormData} */ b) => b });

/**
 * Whether the workspace has a succeeded run, i.e. whether score, scoreboard and time series exist:
 * the newest such run alone (`status=succeeded&limit=1`), not a page of runs with their counts.
 * Asked first, so that "no data yet" is an empty state and never a 404 the browser logs as an error.
 */
export const hasMeasurement = async (slug) => {
  const measured = (await call(client.GET('/api/v1/workspaces/{workspace}/runs', { params: { path: { workspace: slug }, query: { limit: 1, status: 'succeeded' } } }))).runs.length > 0;
  try {
    if (measured) localStorage.setItem(measuredKey(slug), '1');
    else localStorage.removeItem(measuredKey(slug));
  } catch { /* storage refused (a private window): the check is waited for each time */ }
  return measured;
};
const measuredKey = (slug) => `geo.measured.${slug}`;
/**
 * Whether this browser saw the workspace measured before: a workspace measured once stays
 * measured, so a page asks for its figures at once instead of checking first (the check is a
 * round trip before all the others). `forgetMeasured` when a figure says there is none after all.
 */
export const measuredBefore = (slug) => {
  try { return localStorage.getItem(measuredKey(slug)) === '1'; } catch { return false; }
};
export const forgetMeasured = (slug) => {
  try { localStorage.removeItem(measuredKey(slug)); } catch { /* nothing kept */ }
};
export const newKey = () => crypto.randomUUID();
/**
 * A mailed token from the address's fragment (`#token=…`, which browsers never send to a server
 * or put in a Referer): taken out of the address bar at once and kept in sessionStorage under
 * `key`, so that it survives a trip through sign-in; the stored one when the address has none.
 */
export function fragmentToken(key) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromLink) {
    sessionStorage.setItem(key, fromLink);
    history.replaceState(null, '', location.pathname);
  }
  return fromLink ?? sessionStorage.getItem(key);
}

/** Loads `fn()` when `deps` change; `reload()` loads again. Errors land in `error`, never thrown. */
export function useLoad(fn, deps = []) {
  const [state, setState] = useState({ data: null, error: null, loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    fn().then((data) => live && setState({ data, error: null, loading: false }), (error) => live && setState({ data: null, error, loading: false }));
    return () => { live = false; };
  }, [...deps, tick]);
  return { ...state, reload: useCallback(() => setTick((t) => t + 1), []) };
}

/** Runs an action, keeping its error and busy flag for the form that started it. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const run = useCallback(async (fn) => {
    setBusy(true); setError(null);
    try { return await fn(); } catch (err) { setError(err); return undefined; } finally { setBusy(false); }
  }, []);
  return { busy, error, setError, run };
}

/**
 * The page's language: the server wrote it into <html lang> (the person's own choice, else the
 * browser's Accept-Language: src/web/dashboard/language.fns.ts). Numbers and dates follow the
 * browser's own regional variant of that language when it has one ("es-MX"), else the language.
 */
export const LANG = languageOf(document.documentElement.lang);
const LOCALE = (navigator.languages ?? [navigator.language]).find((l) => languageOf(l) === LANG && l.toLowerCase().startsWith(LANG)) ?? LANG;
/**
 * Every number, date and name a person reads goes through the one shared formatter
 * (src/lib/format/format.ts, the one the server uses): one decimal, the reader's
 * locale and time zone, display names, and "Not enough data: <reason>" instead of a bare dash.
 */
export const fmt = createFormatter({ locale: LOCALE, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' });
/**
 * A text of the one message catalogue (src/lib/messages, bundled into the dashboard's script) in
 * the page's language, its figures written by `fmt`. Keys are typed: a key the catalogue lacks
 * fails `npm run typecheck`, as does a language that lacks one of its keys.
 * @param {import('../../../lib/messages/index.ts').MessageKey} key
 * @param {import('../../../lib/messages/index.ts').Params} [params]
 */
export const say = (key, params) => renderMessage(fmt, key, params);
/** A code of the data as its word: `prefix.code` of the catalogue ("seo.component" + "ai_readiness"), else the code with spaces. */
export const sayCode = (prefix, code) => (isKey(`${prefix}.${code}`) ? say(/** @type {import('../../../lib/messages/index.ts').MessageKey} */ (`${prefix}.${code}`)) : words(code));
/** A permission (an API key's or a connected app's scope) in words; its code is the element's title, for whoever configures a client. */
export const Scopes = ({ scopes }) => html`<ul class="plain scopes-said">${scopes.map((s) => html`<li key=${s} title=${s}>${sayCode('scope', s)}</li>`)}</ul>`;
export const usd = (micros) => fmt.usd(micros);
/** A figure to one decimal; `digits` 0 for whole counts (Lighthouse scores, ranks). */
export const num = (v, digits = 1, reason) => (digits === 0 ? fmt.count(v, reason) : fmt.decimal(v, reason));
/** A percentage given on 0-100. */
export const pct = (v, reason) => fmt.percent(v, reason);
export const when = (iso) => (iso ? fmt.dateTime(iso) : fmt.notEnough('not_measured'));
export const day = (iso) => fmt.date(iso);
export const interval = (iv, _digits, reason) => fmt.interval(iv, reason);
export const engineName = (id) => fmt.engine(id);
/** An enum value as words: "use_case" → "use case", "in_review" → "in review". */
export const words = (value) => String(value ?? '').replaceAll('_', ' ');
/** A sentiment score's tone as a code ('positive', 'neutral', 'negative'; '—' for none), what filters compare. */
export function tone(sentiment) {
  return toneOfScore(sentiment) ?? '—';
}
/** A tone (a sentiment score, or a label code such as 'positive') as the reader's word; '—' for none. */
export function toneWord(sentiment) {
  const code = typeof sentiment === 'number' ? tone(sentiment) : sentiment;
  return code === null || code === undefined || code === '—' ? '—' : sayCode('dashboard.tone', code);
}
/**
 * A catalogue sentence with markup inside it (a link, <strong>): `parts` name the parameters
 * whose values are elements; the sentence is rendered whole in the page's language, then cut
 * around them, so that no sentence is built from fragments.
 * @param {import('../../../lib/messages/index.ts').MessageKey} key
 * @param {import('../../../lib/messages/index.ts').Params} params
 * @param {Record<string, unknown>} parts
 */
export function sayWith(key, params, parts) {
  const names = Object.keys(parts);
  const text = say(key, { ...params, ...Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])) });
  return text.split(/\uE000(\d+)\uE001/).map((piece, i) => (i % 2 ? parts[names[Number(piece)]] : piece));
}

/**
 * An error as the page says it. The server's message is English; on a page in another language,
 * an error whose code the catalogue knows (`dashboard.error.<code>`) is said in the page's
 * language first, the server's words after it (they may name the detail: an amount, a field).
 */
export const Alert = ({ error, children }) => {
  const text = error ? error.message ?? String(error) : children;
  if (!text) return null;
  const code = error?.code;
  const own = LANG !== 'en' && typeof code === 'string' && isKey(`dashboard.error.${code}`);
  return html`<p class="alert" role="alert">${own ? html`${sayCode('dashboard.error', code)} <small lang="en">${text}</small>` : text}</p>`;
};
/** The frame of the pages outside a workspace (sign-in, sign-up, mailed links): the product's name, then the title. */
export const PublicPage = ({ title, children }) => html`<main id="main" class="narrow"><p class="brand">GEO visibility</p><h1>${title}</h1>${children}</main>`;
export const Notice = ({ children }) => (children ? html`<p class="notice" role="status">${children}</p>` : null);
export const Loading = ({ what = say('dashboard.common.loading') }) => html`<p class="muted" role="status">${what}…</p>`;

/** The honest label: shown wherever figures include simulated engine answers. */
export function Simulated({ simulated, share }) {
  if (!simulated) return null;
  const part = share !== undefined && share !== null && share < 1 ? fmt.percent(share * 100) : '';
  return html`<span class="badge simulated" title=${say('dashboard.common.simulatedWhy')}>${part ? say('dashboard.common.simulatedShare', { share: part }) : say('dashboard.common.simulated')}</span>`;
}

/**
 * Why a figure is exploratory, in the reader's language: a sentence for each criterion the API
 * says it fails (`failedCriteria`), told from the stamp's own facts and thresholds. The API's
 * `reasons` are English and name intents by their ids; which part of a criterion to say (too few
 * prompts in all, or for some intents) follows the same thresholds.
 */
export function gradeReasons(stamp) {
  const t = stamp.thresholds;
  const out = [];
  for (const criterion of stamp.failedCriteria ?? []) {
    if (criterion === 'simulation') out.push(say('dashboard.grade.simulation'));
    else if (criterion === 'query_volume') out.push(say('dashboard.grade.answers', { n: stamp.answers, min: fmt.count(t.answers) }));
    else if (criterion === 'sample_size') out.push(say('dashboard.grade.samples', { n: stamp.samplesPerPrompt, min: fmt.count(t.samplesPerPrompt) }));
    else if (criterion === 'prompt_coverage') {
      if (stamp.prompts < t.prompts) out.push(say('dashboard.grade.prompts', { n: stamp.prompts, min: fmt.count(t.prompts) }));
      const thin = stamp.intents.filter((i) => (stamp.intentCoverage[i] ?? 0) < t.promptsPerIntent);
      if (thin.length) out.push(say('dashboard.grade.intents', { min: fmt.count(t.promptsPerIntent), intents: fmt.list(thin.map((i) => sayCode('dashboard.runs.intent', i))) }));
    } else if (criterion === 'cadence') out.push(say('dashboard.grade.days', { n: stamp.runDays, min: fmt.count(t.runDays) }));
    else if (criterion === 'reproducibility') out.push(say('dashboard.grade.versions'));
    else if (criterion === 'platform_coverage') {
      if (stamp.surface === 'mixed') out.push(say('dashboard.grade.pooled'));
      else if (stamp.surface === null) out.push(say('dashboard.grade.noAnswers'));
      if (stamp.engines.length < t.engines) out.push(say('dashboard.grade.engines', { n: stamp.engines.length, min: fmt.count(t.engines) }));
    }
  }
  return out;
}

/** The methodology stamp's grade of the figures beside it (docs/methodology.md), its reasons on hover. */
export function Grade({ stamp }) {
  if (!stamp) return null;
  const decision = stamp.grade === 'decision-grade';
  const why = decision ? say('dashboard.common.gradeFit') : say('dashboard.common.gradeWhy', { reasons: gradeReasons(stamp).join(' ') });
  return html`<span class=${decision ? 'badge ok grade' : 'badge grade'} title=${why}>${say(decision ? 'dashboard.common.decisionGrade' : 'dashboard.common.exploratory')}</span>`;
}

/** A change with whether it is significant (the 95% intervals do not overlap). */
export function Change({ change }) {
  if (!change || change.delta === null || change.delta === undefined) return html`<span class="muted">${say('dashboard.common.noPreviousDay')}</span>`;
  const dir = change.delta > 0 ? 'up' : change.delta < 0 ? 'down' : 'flat';
  return html`<span class=${`change ${dir}`}>${fmt.delta(change.delta)} <small>${fmt.significance(change.significant)}</small></span>`;
}

/** A trend line as SVG with its 95% band (`bands`: [low, high] per value); described in words for screen readers. */
export function Sparkline({ values, bands = [], label }) {
  const idx = values.map((v, i) => i).filter((i) => values[i] !== null && values[i] !== undefined);
  const pts = idx.map((i) => values[i]);
  if (pts.length < 2) return html`<span class="muted sparkline-empty">${say(pts.length ? 'dashboard.common.oneDay' : 'dashboard.common.noTrend')}</span>`;
  const w = 120, hgt = 32;
  const x = (k) => (k / (idx.length - 1)) * w;
  const y = (v) => hgt - 2 - (v / 100) * (hgt - 4); // the 0-100 scale, so that a band reads as wide as it is
  const d = pts.map((v, k) => `${x(k)},${y(v)}`).join(' ');
  const withBand = idx.every((i) => bands[i]);
  const band = withBand ? [...idx.map((i, k) => `${x(k)},${y(bands[i][1])}`), ...idx.map((i, k) => `${x(k)},${y(bands[i][0])}`).reverse()].join(' ') : '';
  return html`<svg class="sparkline" viewBox=${`0 0 ${w} ${hgt}`} width=${w} height=${hgt} role="img" aria-label=${say('dashboard.common.sparkline', { label, days: pts.length, first: num(pts[0]), last: num(pts[pts.length - 1]), band: withBand ? 'yes' : 'no' })}>
    ${withBand ? html`<polygon points=${band} fill="currentColor" fill-opacity="0.15" stroke="none" />` : null}
    <polyline points=${d} fill="none" stroke="currentColor" stroke-width="2" />
  </svg>`;
}

/** A titled card section that the page's navigation can link to by id. */
export const Section = ({ id, title, children }) => html`<section class="card" id=${id} aria-labelledby=${`${id}-h`}><h2 id=${`${id}-h`}>${title}</h2>${children}</section>`;

/** The engines every run asks: the server's own list. */
export { ENGINE_IDS as ENGINES, OPTIONAL_ENGINE_IDS as OPTIONAL_ENGINES } from '../../../modules/engines/engine-ids.ts';

/**
 * Polls a background job (`GET …/jobs/{id}`) once a second until it leaves `running`; answers its last status.
 * @param {{ everyMs?: number, maxTries?: number, onTick?: (job: any) => void }} [options]
 */
export async function waitForJob(slug, id, options = {}) {
  const { everyMs = 1000, maxTries = 180, onTick } = options;
  for (let i = 0; ; i++) {
    const job = await call(client.GET('/api/v1/workspaces/{workspace}/jobs/{id}', { params: { path: { workspace: slug, id } } }));
    onTick?.(job);
    if (job.status !== 'running' || i >= maxTries) return job;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The reason a failed job gives: its last log line (jobs log their result or error there). */
export const jobReason = (job) => job.lastLines?.[job.lastLines.length - 1] ?? job.status;
