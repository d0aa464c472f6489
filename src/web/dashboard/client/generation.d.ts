// Types of generation.js (a plain browser module; see there).
export interface GenerationResult { lane: string; available: boolean; reason?: string; answers?: number; candidates?: number; created: number; skippedOpenTopics?: number }
export declare function generationResult(lines: string[] | null | undefined): GenerationResult | null;
export declare function generationNotice(job: { status: string; lastLines?: string[] | null }, plural: (count: number, one: string, many?: string) => string): string;
