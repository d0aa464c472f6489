import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerAnswers } from './commands/answers.ts';
import { registerAuth } from './commands/auth.ts';
import { registerChat } from './commands/chat.ts';
import { registerMcp } from './commands/mcp.ts';
import { registerMetrics } from './commands/metrics.ts';
import { registerPages } from './commands/pages.ts';
import { registerRecs } from './commands/recs.ts';
import { registerRuns } from './commands/runs.ts';
import { registerTraffic } from './commands/traffic.ts';
import { CliError, EXIT } from './exit.fns.ts';

// The `geo` command line (docs/cli.md). bin/geo.js runs it compiled, as dist/cli.js
// (scripts/build.mjs; in a checkout, rebuilt first when src/ changed).
// Every failure ends here: one line on stderr (the server's `code: message`) and the
// exit code of src/cli/exit.fns.ts.

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export function buildProgram(): Command {
  const program = new Command('geo')
    .description('GEO visibility from the command line: sign in with "geo login", then measure, read scores and act on recommendations.')
    .version(pkg.version)
    .option('--json', 'print JSON for scripts instead of tables')
    .option('--server <url>', 'server address (default: the stored profile, GEO_SERVER, or http://127.0.0.1:3000)')
    .option('--workspace <slug>', 'workspace (default: the stored profile or GEO_WORKSPACE)')
    .showSuggestionAfterError()
    .exitOverride(); // inherited by every subcommand: usage errors reach `main` instead of exiting
  registerAuth(program);
  registerMetrics(program);
  registerRuns(program);
  registerRecs(program);
  registerAnswers(program);
  registerPages(program);
  registerChat(program);
  registerMcp(program);
  registerTraffic(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    // Commander already printed its own message (usage, unknown command, --help).
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (err instanceof CliError) {
      process.stderr.write(`geo: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`geo: internal_error: ${(err as Error).stack ?? String(err)}\n`);
    return EXIT.server;
  }
}

// Ctrl-C outside a command's own handling (before a wait starts, after it ended, while the result
// prints) ends the CLI with the interrupted code and its one line, never with Node's default
// signal death: a command that handles SIGINT itself (waitForJob) registers its own listener,
// and this one then stays out of its way.
function onSigint(): void {
  if (process.listenerCount('SIGINT') > 1) return;
  process.stderr.write('geo: interrupted\n');
  process.exit(EXIT.interrupted);
}
process.on('SIGINT', onSigint);
process.exitCode = await main(process.argv);
process.off('SIGINT', onSigint);
