// How far a gzip upload may inflate: 306 KB of gzip became 300 MB of zeros, read to the
// end by the ingestion process for a job that "succeeded" with nothing in it. Real access logs
// inflate 5 to 20 times; 100 times leaves room for repetitive ones, and 2 GiB bounds the largest
// upload (100 MB) whatever its ratio. The ingestion stops, and the job fails, the moment the
// inflated bytes pass the limit.

export const MAX_INFLATION_RATIO = 100;
export const MAX_INFLATED_BYTES = 2 * 2 ** 30;

/** The most bytes an upload of `compressedBytes` may inflate to: 100 times its size or 2 GiB, whichever is smaller. */
export const inflationLimit = (compressedBytes: number) => Math.min(MAX_INFLATION_RATIO * compressedBytes, MAX_INFLATED_BYTES);

/** The job's failure, naming the limit (and what was stored before it was reached). */
export function inflationMessage(compressedBytes: number, linesStored: number) {
  return `the gzip data inflates past ${inflationLimit(compressedBytes)} bytes, ${MAX_INFLATION_RATIO} times the upload's ${compressedBytes} bytes `
    + `(the limit is ${MAX_INFLATION_RATIO} times the upload or 2 GiB, whichever is smaller); reading stopped after ${linesStored} lines (those lines are stored)`;
}
