// The stages of a page evaluation, as log lines of its job: `stage <key>: <words>`. The SEO page
// reads them from the job's lastLines (GET …/jobs/{id}) to show where an evaluation stands; its
// list of stages (client/stages.js) is checked against this one by stages.test.ts.

export const EVALUATION_STAGES = ['fetch', 'files', 'audit', 'store'] as const;
export type EvaluationStage = (typeof EVALUATION_STAGES)[number];

export const stageLine = (stage: EvaluationStage, words: string) => `stage ${stage}: ${words}`;
