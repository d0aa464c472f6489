import { ENGINE_SURFACE } from '../engines/capture/capture.ts';
import type { Surface } from '../engines/capture/trace.ts';
import { surfaceOf } from './stamp-facts.fns.ts';

// The rows a workspace's day of snapshots has: the composite of every engine, the composite of
// each surface, and one per engine. Shared by the pooling (pooling.ts) and the reads (scores.service.ts).

export const COMPOSITE = 'composite';
/**
 * The composite of one surface: every answer of the day from engines of that surface, pooled like
 * the composite (its own snapshot row), so that `?surface=` figures never mix API and product.
 * Pooled from the runs that succeed after it was introduced; earlier days have none.
 */
export const surfaceComposite = (surface: Surface) => `${COMPOSITE}:${surface}`;
export const isSurfaceComposite = (engine: string) => engine.startsWith(`${COMPOSITE}:`);
export const engineSurface = (engine: string): Surface | null => (ENGINE_SURFACE as Record<string, Surface>)[engine] ?? null;
/** The surface of figures pooling these engines (per-engine rows of snapshot days). */
export const surfaceOfEngines = (engines: string[]) => surfaceOf(engines.filter((e) => e !== COMPOSITE && !isSurfaceComposite(e)).flatMap((e) => engineSurface(e) ?? []));
