import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Real image files made in the tests: every accepted format, ICO in both of its inner formats,
// and hostile files (decompression bombs claiming huge sizes in tiny files).

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } });

export const makePng = (w = 64, h = 32) => solid(w, h).png().toBuffer();
export const makeJpeg = (w = 300, h = 300) => solid(w, h).jpeg().toBuffer();
export const makeWebp = (w = 48, h = 48) => solid(w, h).webp().toBuffer();
export const makeGif = (w = 16, h = 16) => solid(w, h).gif().toBuffer();

function icoContainer(images: Array<{ width: number; height: number; data: Buffer; bpp: number }>): Buffer {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((img, i) => {
    const at = 6 + i * 16;
    header[at] = img.width >= 256 ? 0 : img.width;
    header[at + 1] = img.height >= 256 ? 0 : img.height;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(img.bpp, at + 6);
    header.writeUInt32LE(img.data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += img.data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

/** An ICO holding a 32-bit BMP (BGRA rows bottom-up, then the AND mask). */
export function bmpIco(width = 32, height = 32, claimedWidth = width, claimedHeight = height): Buffer {
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(claimedWidth, 4);
  info.writeInt32LE(claimedHeight * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([40, 160, 20, 255], i * 4);
  const mask = Buffer.alloc(Math.ceil(width / 32) * 4 * height);
  return icoContainer([{ width, height, bpp: 32, data: Buffer.concat([info, pixels, mask]) }]);
}

/**
 * An ICO decompression bomb: `count` directory entries all pointing at ONE bitmap, so
 * a file of a few hundred KB asks a naive decoder for `count` full decodes.
 */
export function sharedBitmapIco(count: number, side = 256): Buffer {
  const one = bmpIco(side, side);
  const data = one.subarray(22);
  const header = Buffer.alloc(6 + count * 16);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(count, 4);
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(header.length, at + 12);
  }
  return Buffer.concat([header, data]);
}

export async function pngIco(): Promise<Buffer> {
  return icoContainer([{ width: 16, height: 16, bpp: 32, data: await makePng(16, 16) }, { width: 48, height: 48, bpp: 32, data: await makePng(48, 48) }]);
}

/** A valid small PNG whose header claims width × height (the IHDR CRC fixed), as a bomb would. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

export const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----geo-test-boundary-7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
