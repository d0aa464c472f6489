import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { bmpIco, makeGif, makeJpeg, makePng, makeWebp, multipartBody, pngClaiming, pngIco, sharedBitmapIco, svg } from './test-images.ts';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'icons');
  await createWorkspace(ctx.app, (await signup(ctx.app)).cookie, 'other-icons');
});
afterAll(() => ctx.close());

const upload = (content: Buffer, opts: { field?: string; name?: string; type?: string; headers?: Record<string, string>; slug?: string } = {}) => {
  const body = multipartBody(opts.field ?? 'file', opts.name ?? 'icon.png', opts.type ?? 'image/png', content);
  return ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${opts.slug ?? 'icons'}/profile/icon`, payload: body.payload, headers: { ...body.headers, ...(opts.headers ?? { cookie: owner }) } });
};
const getIcon = (headers: Record<string, string> = { cookie: owner }) => ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/icons/profile/icon', headers });

describe('icon upload', () => {
  it.each([
    ['PNG', makePng, 'icon.png'],
    ['JPEG', makeJpeg, 'photo.jpg'],
    ['WebP', makeWebp, 'icon.webp'],
    ['GIF', makeGif, 'anim.gif'],
    ['ICO with PNG images', pngIco, 'favicon.ico'],
    ['ICO with a BMP image', async () => bmpIco(32, 32), 'favicon.ico'],
    ['PNG named .txt with a wrong declared type', makePng, 'notes.txt'],
  ])('%s becomes a 256×256 PNG served at the profile icon address', async (_label, make, name) => {
    const res = await upload(await make(), { name, type: name.endsWith('.txt') ? 'text/plain' : 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(200);
    const faviconUrl = res.json().brandMeta.faviconUrl as string;
    expect(faviconUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/v1\/workspaces\/icons\/profile\/icon\?v=\d+$/);
    const served = await getIcon();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
  });

  it('keeps the rest of brandMeta', async () => {
    await ctx.app.inject({ method: 'PATCH', url: '/api/v1/workspaces/icons/profile', headers: { cookie: owner }, payload: { brandMeta: { logoUrl: 'https://icons.example/logo.png', fontNames: ['Inter'] } } });
    const res = await upload(await makePng());
    expect(res.json().brandMeta).toMatchObject({ logoUrl: 'https://icons.example/logo.png', fontNames: ['Inter'], faviconUrl: expect.any(String) });
  });

  it.each([
    ['SVG', () => svg, /SVG is refused/],
    ['a text file named .png', () => Buffer.from('hello, I am not an image'), /none of them/],
    ['an empty file', () => Buffer.alloc(0), /empty/],
    ['a truncated PNG', async () => (await makePng(200, 200)).subarray(0, 60), /could not be decoded/],
    ['a PNG bomb claiming 20000×20000 pixels', () => pngClaiming(20000, 20000), /pixel limit/],
    ['an ICO bomb claiming 60000×60000 pixels', () => bmpIco(4, 4, 60000, 60000), /60000×60000 BMP; BMP images over 256×256 are refused/],
    ['an ICO of 100 entries over one bitmap', () => sharedBitmapIco(100), /lists 100 images; at most 64/],
    ['an ICO whose two entries share one bitmap', () => sharedBitmapIco(2), /sharing bytes/],
    ['an ICO whose BMP is truncated', () => bmpIco(64, 64).subarray(0, 2000), /malformed/],
    ['an ICO whose BMP has fewer pixels than it claims', () => bmpIco(4, 4, 64, 64), /could not be decoded \(Truncated bitmap data\)/],
    ['a malformed ICO', () => Buffer.from([0, 0, 1, 0, 3, 0, 1, 2, 3]), /malformed/],
  ])('refuses %s with 400 and stores nothing', async (_label, make, message) => {
    const before = (await getIcon()).rawPayload;
    const res = await upload(await make());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
    expect((await getIcon()).rawPayload.equals(before)).toBe(true);
  });

  it('accepts a real image over the 1 MiB JSON limit', async () => {
    const noise = Buffer.from(Array.from({ length: 900 * 900 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const png = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await upload(png)).statusCode).toBe(200);
  });

  it('refuses a file over 5 MiB with 413', async () => {
    const big = Buffer.concat([await makePng(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('refuses a part not named file, and a body that is not multipart', async () => {
    const wrong = await upload(await makePng(), { field: 'image' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/named `file`/);
    const json = await ctx.app.inject({ method: 'PUT', url: '/api/v1/workspaces/icons/profile/icon', headers: { cookie: owner }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('invalid_request');
  });

  it('needs settings:write to upload and settings:read to read; other workspaces are 404', async () => {
    const reader = await activeKey(ctx.app, owner, 'icons', { scopes: ['settings:read'] });
    expect((await upload(await makePng(), { headers: reader.bearer })).json().error.code).toBe('insufficient_scope');
    expect((await getIcon(reader.bearer)).statusCode).toBe(200);
    const writer = await activeKey(ctx.app, owner, 'icons', { scopes: ['settings:write'] });
    expect((await upload(await makePng(), { headers: writer.bearer })).statusCode).toBe(200);
    expect((await upload(await makePng(), { slug: 'other-icons' })).json().error.code).toBe('workspace_not_found');
  });

  it('limits uploads and refreshes together per workspace: 30 per 10 minutes, refused ones counted, then 429 with Retry-After', async () => {
    await createWorkspace(ctx.app, owner, 'icon-rate');
    for (let i = 0; i < 29; i++) expect((await upload(Buffer.alloc(0), { slug: 'icon-rate' })).statusCode).toBe(400);
    expect((await upload(sharedBitmapIco(2000), { slug: 'icon-rate' })).statusCode).toBe(400);
    const limited = await upload(await makePng(), { slug: 'icon-rate' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/icon-rate/profile/icon/refresh', headers: { cookie: owner } });
    expect(refresh.statusCode).toBe(429);
    expect((await upload(await makePng())).statusCode).toBe(200); // another workspace has its own count
  });

  it('is 404 not_found before any icon exists', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/other-icons/profile/icon', headers: { cookie: owner } });
    expect(res.statusCode).toBe(404);
  });
});

describe('design import', () => {
  const post = (payload: string | object, contentType?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/icons/profile/design/import', headers: { cookie: owner, ...(contentType ? { 'content-type': contentType } : {}) }, payload });

  it('takes text/markdown and JSON {markdown}; it becomes designMd', async () => {
    const md = '# Acme design\n\n- primary: #112233\n- font: Inter\n';
    const res = await post(md, 'text/markdown; charset=utf-8');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().designMd).toBe(md);
    const json = await post({ markdown: '# Other' });
    expect(json.json().designMd).toBe('# Other');
  });

  it.each([
    ['empty markdown', '', 'text/markdown'],
    ['JSON without markdown', { md: 'x' }, undefined],
    ['JSON with an extra field', { markdown: '# x', extra: 1 }, undefined],
    ['over 200,000 characters', 'x'.repeat(200_001), 'text/markdown'],
  ])('refuses %s with 400', async (_label, payload, type) => {
    const res = await post(payload, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });
});
