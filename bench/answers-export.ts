// The answers benchmark's export part: each format of the workspace's export over loopback HTTP
// (the app listening on 127.0.0.1, read as a client reads a download), its rows per second and
// the growth of this process's RSS (the server and the reading client both) sampled every 20 ms.
import type { FastifyInstance } from 'fastify';

export async function exportBench(app: FastifyInstance, cookie: string, range: { from: string; to: string; expected: number }) {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  for (const format of ['ndjson', 'csv', 'parquet'] as const) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const res = await fetch(`${address}/api/v1/workspaces/answersbench/answers/export?format=${format}&from=${range.from}&to=${range.to}`, { headers: { cookie } });
    if (res.status !== 200) {
      clearInterval(sampler);
      console.log(`export ${format}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      continue;
    }
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      // Counted by the native search, not a loop over every byte in JavaScript: this client shares
      // the server's process, and a byte loop took CPU from the export it measures.
      if (format === 'ndjson') for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const rows = format === 'ndjson' ? lines : range.expected;
    const rate = rows / seconds;
    const growth = (peak - before) / 1048576;
    console.log(`export ${format} (${range.from} to ${range.to}): ${rows.toLocaleString('en')} answers${format === 'ndjson' && rows !== range.expected ? ` (expected ${range.expected})` : ''}, `
      + `${(bytes / 1048576).toFixed(0)} MB in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} answers/s (target ≥ 50,000: ratio ${(rate / 50_000).toFixed(2)}); RSS grew ${growth.toFixed(0)} MB (target ≤ 200)`);
  }
}
