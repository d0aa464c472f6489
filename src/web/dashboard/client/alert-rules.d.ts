// Types of alert-rules.js (a plain browser module; see there).
import type { Formatter } from '../../../lib/format/format.js';
export interface RuleLike { kind: string; name?: string | null; metric?: string | null; direction?: string | null; engine?: string | null; competitor?: string | null; thresholdMicrousd?: number | null }
export interface RuleForm { kind: string; name?: string; metric?: string; direction?: string; engine?: string; competitor?: string; dollars?: string }
export declare const RULE_KINDS: ReadonlyArray<readonly [string, string]>;
export declare const METRICS: ReadonlyArray<string>;
export declare function ruleText(rule: RuleLike, fmt: Formatter): string;
export declare function ruleBody(form: RuleForm): Record<string, unknown>;
