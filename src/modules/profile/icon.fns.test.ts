import { describe, expect, it } from 'vitest';
import { bestIcoEntry, type IcoEntry, readIcoDirectory, singleEntryIco, sniffImage } from './icon.fns.ts';
import { bmpIco, makeGif, makeJpeg, makePng, makeWebp, pngIco, sharedBitmapIco, svg } from './test-images.ts';

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

const entries = (bytes: Uint8Array) => {
  const dir = readIcoDirectory(bytes);
  return dir.ok ? dir.entries : dir.reason;
};

describe('readIcoDirectory reads the sizes the images claim', () => {
  it('reads PNG and BMP entries', async () => {
    expect((entries(await pngIco()) as IcoEntry[]).map((e) => [e.format, e.width, e.height])).toEqual([['png', 16, 16], ['png', 48, 48]]);
    expect((entries(bmpIco(32, 32)) as IcoEntry[]).map((e) => [e.format, e.width, e.height])).toEqual([['bmp', 32, 32]]);
    expect((entries(sharedBitmapIco(1)) as IcoEntry[]).map((e) => [e.format, e.width, e.height])).toEqual([['bmp', 256, 256]]);
  });

  // Each of these would make decode-ico do far more work than the one image it yields.
  it.each([
    ['thousands of entries over one bitmap', sharedBitmapIco(6000), /lists 6000 images; at most 64/],
    ['65 entries', sharedBitmapIco(65, 4), /lists 65 images; at most 64/],
    ['two entries at one offset', sharedBitmapIco(2, 4), /sharing bytes/],
    ['a BMP over 256×256', bmpIco(4, 4, 257, 16), /257×16 BMP; BMP images over 256×256 are refused/],
    ['a BMP claiming 60000×60000', bmpIco(4, 4, 60000, 60000), /60000×60000 BMP/],
    ['a directory claiming more entries than the file holds', Buffer.from([0, 0, 1, 0, 5, 0]), /malformed \(the directory is truncated\)/],
    ['an entry pointing into the directory', withOffset(bmpIco(4, 4), 6), /malformed \(image 1 lies outside/],
    ['an entry running past the end', withOffset(bmpIco(4, 4), 100), /malformed \(image 1 lies outside/],
  ])('refuses %s', (_label, bytes, reason) => {
    expect(entries(bytes)).toMatch(reason);
  });

  it('refuses overlapping (not only equal) offsets', async () => {
    const ico = await pngIco();
    ico.writeUInt32LE(ico.readUInt32LE(6 + 8) + 4, 6 + 8); // the first image's bytes run 4 into the second's
    expect(entries(ico)).toMatch(/sharing bytes/);
  });

  it('accepts 64 entries with their own bytes', () => {
    const many = Array.from({ length: 64 }, () => bmpIco(2, 2).subarray(22));
    const header = Buffer.alloc(6 + 64 * 16);
    header.writeUInt16LE(1, 2);
    header.writeUInt16LE(64, 4);
    let offset = header.length;
    many.forEach((data, i) => {
      header.writeUInt32LE(data.length, 6 + i * 16 + 8);
      header.writeUInt32LE(offset, 6 + i * 16 + 12);
      offset += data.length;
    });
    expect((entries(Buffer.concat([header, ...many])) as IcoEntry[]).length).toBe(64);
  });

  it('picks the largest image within the cap', async () => {
    expect(bestIcoEntry(entries(await pngIco()) as IcoEntry[])).toMatchObject({ width: 48 });
  });

  it('singleEntryIco copies one entry into a one-image ICO', async () => {
    const ico = await pngIco();
    const best = bestIcoEntry(entries(ico) as IcoEntry[])!;
    const single = singleEntryIco(ico, best);
    expect((entries(single) as IcoEntry[]).map((e) => [e.format, e.width, e.offset, e.size])).toEqual([['png', 48, 22, best.size]]);
    expect(single.subarray(22).equals(ico.subarray(best.offset, best.offset + best.size))).toBe(true);
  });
});

function withOffset(ico: Buffer, offset: number): Buffer {
  const copy = Buffer.from(ico);
  copy.writeUInt32LE(offset, 6 + 12);
  return copy;
}
