import { processIo, runAnalyze } from './analyze.run.ts';

// npm run analyze -- --help (the whole command is in analyze.run.ts, tested there).
process.exitCode = runAnalyze(process.argv.slice(2), processIo);
