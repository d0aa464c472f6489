import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { hugePng } from '../../../test/helpers/images.ts';

// Report settings as a security review found them: an agency logo of 16000×16000
// pixels in 249 KB of PNG was stored, and every report and portfolio PDF then decoded it (Chromium
// at 3.67 GB for 11 s); an agency name with CR/LF was stored as given. Both are refused at PUT,
// in the error envelope, and nothing is written.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'agency');
});
afterAll(() => ctx.close());

const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/v1/workspaces/agency/reports/settings', headers: { cookie }, payload });
const stored = async () => (await ctx.app.inject({ url: '/api/v1/workspaces/agency/reports/settings', headers: { cookie } })).json();

async function png(width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
}
async function jpeg(width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#fff' } }).jpeg({ quality: 10 }).toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

describe('report settings: agency logo dimensions', () => {
  it('refuses a 16000×16000 PNG of a few hundred KB with a 400 saying the limit in words; nothing is stored', async () => {
    const logo = hugePng(16_000, 16_000);
    expect(logo.length).toBeLessThan(350_000); // within the byte limit: only the dimensions refuse it
    expect(await sharp(Buffer.from(logo.split(',')[1]!, 'base64')).metadata()).toMatchObject({ format: 'png', width: 16_000, height: 16_000 });
    const res = await put({ agencyName: 'Norte', agencyLogo: logo });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'invalid_request', requestId: expect.any(String) });
    expect(error.message).toBe('The logo is 16,000 × 16,000 pixels; a logo may be at most 4,096 pixels wide and 4,096 pixels high.');
    expect(error.details.fields).toEqual([{ field: 'body.agencyLogo', keyword: 'custom', message: error.message }]);
    expect(await stored()).toMatchObject({ agencyName: null, agencyLogo: null });
  });

  it.each([[4097, 10], [10, 4097]])('refuses %i×%i (one side over the limit)', async (width, height) => {
    const res = await put({ agencyLogo: await png(width, height) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain('at most 4,096 pixels wide and 4,096 pixels high');
  });

  it('refuses a JPEG over the limit as well', async () => {
    const res = await put({ agencyLogo: await jpeg(5000, 200) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe('The logo is 5,000 × 200 pixels; a logo may be at most 4,096 pixels wide and 4,096 pixels high.');
  });

  it('refuses a PNG whose header cannot be read', async () => {
    const res = await put({ agencyLogo: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]).toString('base64')}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/^The logo is not a PNG image/);
  });

  it('keeps a logo of 4096×4096 and a small one', async () => {
    for (const logo of [await png(4096, 4096), await png(200, 60)]) {
      const res = await put({ agencyName: 'Norte', agencyLogo: logo });
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored()).agencyLogo).toBe(logo);
    }
  });
});

describe('report settings: agency name', () => {
  it.each([['CR LF', 'Norte\r\nBcc: victim@example.com'], ['LF', 'Norte\nX'], ['TAB', '\tNorte'], ['NUL-free C1 NEL', 'Norte\u0085'], ['DEL', 'Norte\u007f']])(
    'refuses %s in the agency name, naming the field; nothing is stored', async (_label, name) => {
      await put({ agencyName: 'Before' });
      const res = await put({ agencyName: name });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toContain('body.agencyName must be text without control characters');
      expect((await stored()).agencyName).toBe('Before');
    });

  it('keeps a plain name, accents and symbols included, and null', async () => {
    expect((await put({ agencyName: 'Agència Nord & Co. — «SEO»' })).json().agencyName).toBe('Agència Nord & Co. — «SEO»');
    expect((await put({ agencyName: null })).json().agencyName).toBeNull();
  });
});
