// Types of stages.js (a plain browser module; see there).
export type StageState = 'done' | 'current' | 'failed' | 'pending';
export declare const EVALUATION_STAGES: ReadonlyArray<readonly [string, string]>;
export declare function stagesOf(lines: string[] | null | undefined, status: string, stages?: ReadonlyArray<readonly [string, string]>): Array<{ key: string; label: string; state: StageState }>;
