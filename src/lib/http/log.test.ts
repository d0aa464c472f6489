import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { prettyLogs } from '../../config.ts';
import { loggerOptions, redactUrl } from './log.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/device-authorizations/abc123/token', '/api/v1/device-authorizations/[redacted]/token'],
    ['/api/v1/device-authorizations/BCDF-GHJK', '/api/v1/device-authorizations/[redacted]'],
    ['/device?code=BCDF-GHJK', '/device?code=[redacted]'],
    ['/x?a=1&token=secret&b=2', '/x?a=1&token=[redacted]&b=2'],
    ['/api/v1/device-authorizations', '/api/v1/device-authorizations'],
    ['/api/v1/workspaces/acme/settings', '/api/v1/workspaces/acme/settings'],
  ])('%s', (url, out) => expect(redactUrl(url)).toBe(out));
});

describe('prettyLogs: human-readable only at a terminal in development', () => {
  it.each([
    [true, 'local', undefined, true],
    [true, 'local', 'development', true],
    [false, 'local', undefined, false],
    [true, 'production', undefined, false],
    [true, 'local', 'production', false],
    [false, 'production', 'production', false],
  ])('tty %s, GEO_ENV %s, NODE_ENV %s: %s', (stdoutIsTty, geoEnv, nodeEnv, pretty) => {
    expect(prettyLogs({ stdoutIsTty, geoEnv, nodeEnv })).toBe(pretty);
  });
});

// A child process with its stdout on a pipe, as a log collector or CI sees the server: it logs
// through the app's logger options, as loadConfig sets them for that stdout.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
async function logOneLine(forcePretty: boolean): Promise<string> {
  const script = `
    const { loadConfig } = await import('./src/config.ts');
    const { loggerOptions } = await import('./src/lib/http/log.ts');
    const { default: Fastify } = await import('fastify');
    const config = loadConfig({ ...process.env, GEO_ENV: 'local', LOG_LEVEL: 'info', DATA_DIR: '/nonexistent' });
    const app = Fastify({ logger: loggerOptions(${forcePretty} ? { ...config, logPretty: true } : config) });
    app.log.info({ answer: 42 }, 'hello from the logger');
    await app.close();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'development' } });
  return stdout;
}

describe('the logger', () => {
  it('names no transport unless asked for pretty lines (pino-pretty is then never loaded)', () => {
    expect(loggerOptions({ logLevel: 'info', logPretty: false })).not.toHaveProperty('transport');
    expect(loggerOptions({ logLevel: 'info' })).not.toHaveProperty('transport');
    expect(loggerOptions({ logLevel: 'info', logPretty: true })).toMatchObject({ transport: { target: 'pino-pretty' } });
  });

  it('writes JSON lines when stdout is not a terminal', async () => {
    const line = JSON.parse((await logOneLine(false)).trim());
    expect(line).toMatchObject({ level: 30, msg: 'hello from the logger', answer: 42 });
  });

  it('writes readable lines through pino-pretty when asked', async () => {
    const out = await logOneLine(true);
    expect(out).toMatch(/INFO.*hello from the logger/);
    expect(out).toMatch(/answer: 42/);
    expect(() => JSON.parse(out.trim())).toThrow();
  });
});
