import { runRefreshRanges } from './ranges.refresh.ts';

// npm run traffic:refresh-ranges (the whole command is in ranges.refresh.ts, tested there).
process.exitCode = await runRefreshRanges(process.argv.slice(2), { fetch, now: new Date(), log: (l) => console.log(l), error: (l) => console.error(l) });
