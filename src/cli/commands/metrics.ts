import { Command, Option } from 'commander';
import { contextOf } from '../context.ts';
import { cellText, keyValues, microUsd, table } from '../output.ts';

// Read-only views: workspaces, score, scoreboard, time series, SEO dashboard, credits.
// Tables show the figures a person scans; --json prints the API's answer unchanged.

type Obj = Record<string, unknown>;
const pct = (v: unknown) => (typeof v === 'number' ? v.toFixed(1) : cellText(v));
const interval = (v: unknown) => (Array.isArray(v) && v.length === 2 ? `${pct(v[0])}–${pct(v[1])}` : '—');
const bp = (v: unknown) => (typeof v === 'number' ? (v / 100).toFixed(1) : '—');

export const RANGES = ['7d', '28d', 'all'];

export function scoreText(s: Obj): string {
  const components = (s.components ?? {}) as Record<string, { weight: number; value: number | null }>;
  const head = `GEO score ${pct(s.score)} (95% ${interval(s.interval)}) on ${cellText(s.date)} · ${cellText(s.version)}${s.surface ? ` · surface ${cellText(s.surface)}` : ''}${s.simulated ? ' · includes simulated answers' : ''}`;
  const rows = Object.entries(components).map(([k, c]) => [k, c.value === null ? '—' : pct(c.value), c.weight.toFixed(2)]);
  const change = s.change as Obj | null | undefined;
  const tail = change ? `\nChange since ${cellText(change.previousDate)}: ${pct(change.delta)}${change.significant ? ' (significant)' : ' (within noise)'}` : '';
  return `${head}\n${table(['component', 'value', 'weight'], rows)}${tail}`;
}

export function registerMetrics(program: Command) {
  program.command('workspaces')
    .description('Workspaces the key can see (a key sees its bound workspace)')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const list = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces'))) as unknown as Obj[];
      ctx.out.emit(list, () => table(['id', 'name', 'plan', 'role', 'domains'], list.map((w) => [w.id, w.displayName, w.plan, w.role, (w.domains as string[]).join(', ')])));
    });

  program.command('score')
    .description('GEO score with its components (today, or --date)')
    .option('--date <date>', 'calendar date YYYY-MM-DD: the latest snapshot on or before it')
    .addOption(new Option('--surface <surface>', 'one surface on its own: api (provider APIs) or product (consumer products as served)').choices(['api', 'product']))
    .action(async (opts: { date?: string; surface?: string }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const score = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/score', { params: { path: ctx.ws, query: { date: opts.date, surface: opts.surface } as never } }))) as unknown as Obj;
      ctx.out.emit(score, () => scoreText(score));
    });

  program.command('scoreboard')
    .description('The brand and its competitors ranked by the same score')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const board = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/scoreboard', { params: { path: ctx.ws } }))) as unknown as Obj & { entities: Obj[] };
      ctx.out.emit(board, () => `Scoreboard ${cellText(board.date)} · ${cellText(board.answers)} answers from ${cellText(board.runs)} run(s)\n${table(
        ['rank', 'name', 'score', 'visibility', 'share of voice', 'avg position', 'sentiment', 'mentions'],
        board.entities.map((e) => [e.rank, e.name ?? e.entity, pct(e.score), pct(e.visibility), pct(e.shareOfVoice), pct(e.averagePosition), pct(e.sentiment), e.mentions] as string[]),
      )}`);
    });

  program.command('timeseries')
    .description('One score point per day measured')
    .option('--engine <engine>', 'composite or an engine id', 'composite')
    .addOption(new Option('--range <range>', 'how far back').choices(RANGES).default('28d'))
    .addOption(new Option('--surface <surface>', 'one surface on its own: api or product').choices(['api', 'product']))
    .action(async (opts: { engine: string; range: string; surface?: string }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const series = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/timeseries', { params: { path: ctx.ws, query: { engine: opts.engine, range: opts.range, surface: opts.surface } as never } }))) as unknown as Obj & { points: Obj[] };
      ctx.out.emit(series, () => (series.points.length
        ? `${cellText(series.engine)} · ${cellText(series.range)}${series.surface ? ` · surface ${cellText(series.surface)}` : ''}\n${table(['date', 'score', '95% interval', 'change', 'n', 'runs'], series.points.map((p) => {
          const change = p.change as Obj | null;
          return [p.date as string, pct(p.score), interval(p.interval), change ? `${pct(change.delta)}${change.significant ? ' *' : ''}` : '—', p.n as number, p.runs as number];
        }))}`
        : `No points for ${opts.engine} in ${opts.range}; run "geo run start --preset smoke --wait" first.`));
    });

  program.command('seo')
    .description('SEO dashboard: scores, components, insights and technical checks')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const dash = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/seo', { params: { path: ctx.ws } }))) as unknown as { data: Obj };
      ctx.out.emit(dash, () => {
        const d = dash.data ?? {};
        const components = (d.components ?? []) as Obj[];
        const checks = (d.technicalChecks ?? []) as Obj[];
        return [
          `SEO ${bp(d.seoScoreBp)} · GEO ${bp(d.geoScoreBp)} · combined ${bp(d.combinedScoreBp)} (${cellText(d.scoreDate)})`,
          components.length ? table(['component', 'points', 'max', '%', 'note'], components.map((c) => [c.key ?? c.name ?? (c.signalRefs as string[] | undefined)?.[0], c.points, c.maximum, pct(c.percent), c.available ? '' : c.unavailableReason] as string[])) : '',
          checks.length ? table(['check', 'page', 'observed', 'expected'], checks.map((c) => { const e = (c.evidence ?? {}) as Obj; return [c.code, c.pageUrl, e.observedValue, e.expectedValue] as string[]; })) : '',
        ].filter(Boolean).join('\n');
      });
    });

  program.command('credits')
    .description('Credit balance')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const b = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path: ctx.ws } }))) as unknown as Obj;
      ctx.out.emit(b, () => keyValues({
        workspace: b.workspace, state: b.state, available: microUsd(b.availableMicrousd as number), posted: microUsd(b.postedMicrousd as number),
        held: microUsd(b.heldMicrousd as number), nextExpiryAt: b.nextExpiryAt,
      }));
    });
}
