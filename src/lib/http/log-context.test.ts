import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerLogContext, requestIdMixin, withLogContext } from './log-context.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  } });
  return { lines, raw, stream };
}

describe('request id on every log line', () => {
  it('lines a service writes through the app logger during a request carry that request id once', async () => {
    const { lines, raw, stream } = capture();
    let n = 0;
    const app = Fastify({ logger: { level: 'info', stream, mixin: requestIdMixin }, genReqId: () => `req_${++n}` });
    registerLogContext(app);
    const serviceLog = app.log; // a service holds the app logger, not the request's
    app.get('/work', async (request) => {
      await new Promise((r) => setTimeout(r, 5));
      serviceLog.info('service line');
      request.log.info('request line');
      return { ok: true };
    });
    await Promise.all([app.inject('/work'), app.inject('/work')]);
    serviceLog.info('outside any request');
    await app.close();

    const service = lines.filter((l) => l.msg === 'service line');
    expect(service.map((l) => l.reqId).sort()).toEqual(['req_1', 'req_2']);
    const own = lines.filter((l) => l.msg === 'request line');
    expect(own.map((l) => l.reqId).sort()).toEqual(['req_1', 'req_2']);
    expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
    // Fastify's own request lines keep their binding and are not given a second one.
    expect(lines.filter((l) => l.msg === 'incoming request')).toHaveLength(2);
    for (const line of raw.filter((l) => l.includes('req_'))) expect(line.split('"reqId"')).toHaveLength(2);
  });

  it('work started later on behalf of a request can carry its id', () => {
    expect(requestIdMixin({}, 30)).toEqual({});
    expect(withLogContext('req_x', () => requestIdMixin({}, 30))).toEqual({ reqId: 'req_x' });
  });
});
