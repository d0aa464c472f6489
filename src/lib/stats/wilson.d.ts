// Types of wilson.js (plain JavaScript so the browser dashboard imports the same file; see there).

/** Wilson score interval of k successes in n trials, in percent (unrounded); null without trials. */
export declare function wilsonPercent(k: number, n: number, z?: number): [number, number] | null;
