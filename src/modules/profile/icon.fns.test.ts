import { describe, expect, it } from 'vitest';
import { bestIcoEntry, icoEntries, sniffImage } from './icon.fns.ts';
import { bmpIco, makeGif, makeJpeg, makePng, makeWebp, pngIco, svg } from './test-images.ts';

describe('sniffImage reads the bytes, not the name', () => {
  it.each([
    ['png', makePng], ['jpeg', makeJpeg], ['webp', makeWebp], ['gif', makeGif], ['ico', pngIco], ['ico', async () => bmpIco()],
  ] as const)('%s', async (type, make) => expect(sniffImage(await make())).toBe(type));

  it.each([
    ['svg', svg],
    ['svg', Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>')],
    ['unknown', Buffer.from('<html><body>not an image</body></html>')],
    ['unknown', Buffer.from('GIF87')],
    ['unknown', Buffer.from([0, 0, 1, 0, 0, 0])],
    ['unknown', Buffer.alloc(0)],
    ['unknown', Buffer.from('RIFF\0\0\0\0WAVE')],
  ])('%s: %j', (type, bytes) => expect(sniffImage(bytes)).toBe(type));
});

describe('icoEntries reads the sizes the images claim', () => {
  it('reads PNG and BMP entries', async () => {
    expect((await (async () => icoEntries(await pngIco()))())?.map((e) => [e.format, e.width, e.height])).toEqual([['png', 16, 16], ['png', 48, 48]]);
    expect(icoEntries(bmpIco(32, 32))?.map((e) => [e.format, e.width, e.height])).toEqual([['bmp', 32, 32]]);
  });

  it('catches a BMP claiming a huge size, and malformed directories', () => {
    const bomb = icoEntries(bmpIco(4, 4, 60000, 60000))!;
    expect(bomb[0]).toMatchObject({ width: 60000, height: 60000 });
    expect(bestIcoEntry(bomb)).toBeNull();
    expect(icoEntries(Buffer.from([0, 0, 1, 0, 5, 0]))).toBeNull();
  });

  it('picks the largest image within the cap', async () => {
    expect(bestIcoEntry(icoEntries(await pngIco())!)).toMatchObject({ width: 48 });
  });
});
