// The simulated assistant's steps, pure: which tools a question needs (question.fns.ts), which of
// them to call now, and once everything is in, the reply written without a model
// (no-model.fns.ts). Deterministic: the same question over the same data gives the same answer.

import { composeNoModel } from './no-model.fns.ts';
import { readQuestion, wantedTools, type Asker } from './question.fns.ts';

export type Plan =
  | { kind: 'calls'; calls: Array<{ tool: string; input: Record<string, unknown> }> }
  | { kind: 'answer'; text: string };

/**
 * The next step: the tools still to call (offered ones only), or, once everything is in, the
 * answer. `done` holds each called tool's output.
 */
export function planStep(question: string, asker: Asker, offered: Set<string>, done: Map<string, unknown>, scopeOf: (tool: string) => string | undefined): Plan {
  const asked = readQuestion(question, asker);
  const wants = wantedTools(question, asked);
  const pending = wants.filter((w) => offered.has(w.tool) && !done.has(w.tool) && (!w.after || done.has(w.after) || !offered.has(w.after)));
  if (pending.length) {
    return {
      kind: 'calls',
      calls: pending.map((w) => {
        const runId = w.after === 'list_runs' ? (done.get('list_runs') as { runs?: Array<{ id: string }> } | undefined)?.runs?.[0]?.id : undefined;
        return { tool: w.tool, input: runId ? { ...w.input, runId } : w.input };
      }),
    };
  }
  // Results in the order the tools were wanted (the reply's order), whatever order they came in.
  const results = new Map(wants.filter((w) => done.has(w.tool)).map((w) => [w.tool, done.get(w.tool)] as const));
  // One line per scope lacking, however many tools need it.
  const scopes = [...new Set(wants.filter((w) => !offered.has(w.tool)).map((w) => scopeOf(w.tool)).filter((x): x is string => !!x))];
  const refused = scopes.map((scope) => ({ scope }));
  return { kind: 'answer', text: composeNoModel({ asked, brand: asker.brand, results, refused }) };
}
