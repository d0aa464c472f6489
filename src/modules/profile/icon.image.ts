import type { Sharp } from 'sharp';
import { invalid } from '../../lib/errors.ts';
import { bestIcoEntry, ICON_SIZE, icoEntries, MAX_ICON_BYTES, MAX_ICON_PIXELS, sniffImage } from './icon.fns.ts';

// Any accepted icon becomes a 256×256 PNG (contained, transparent margins). The pixel cap is
// enforced by sharp before it decodes (limitInputPixels) and by our own ICO header check.

const REFUSED = 'The icon must be a PNG, JPEG, WebP, GIF or ICO image';

export async function normaliseIcon(bytes: Buffer): Promise<Buffer> {
  // Loaded on the first icon, not at start (a native module and its libvips).
  const [{ default: sharp }, { default: decodeIco }] = await Promise.all([import('sharp'), import('decode-ico')]);
  if (bytes.length === 0) throw invalid('The icon file is empty.');
  if (bytes.length > MAX_ICON_BYTES) throw invalid(`The icon is larger than ${MAX_ICON_BYTES} bytes.`);
  const type = sniffImage(bytes);
  if (type === 'svg') throw invalid(`${REFUSED}; SVG is refused (it can carry scripts and has no fixed size).`);
  if (type === 'unknown') throw invalid(`${REFUSED}; these bytes are none of them.`);
  let input: Sharp;
  if (type === 'ico') {
    const entries = icoEntries(bytes);
    if (!entries) throw invalid(`${REFUSED}; this ICO file is malformed.`);
    const best = bestIcoEntry(entries);
    if (!best) throw invalid(`The ICO file's images are over the ${MAX_ICON_PIXELS}-pixel limit.`);
    const images = safely(() => decodeIco(bytes), 'ICO');
    const image = images.find((i) => i.width === best.width && i.height === best.height) ?? images[0];
    if (!image) throw invalid(`${REFUSED}; this ICO file has no image.`);
    input = image.type === 'png'
      ? sharp(Buffer.from(image.data), { limitInputPixels: MAX_ICON_PIXELS })
      : sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 4 } });
  } else {
    input = sharp(bytes, { limitInputPixels: MAX_ICON_PIXELS, pages: 1, failOn: 'error' });
  }
  try {
    return await input
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch (err) {
    const message = (err as Error).message;
    if (/pixel limit/i.test(message)) throw invalid(`The image is over the ${MAX_ICON_PIXELS}-pixel limit for icons.`);
    throw invalid(`${REFUSED}; this ${type.toUpperCase()} file could not be decoded (${message}).`);
  }
}

function safely<T>(fn: () => T, what: string): T {
  try {
    return fn();
  } catch (err) {
    throw invalid(`${REFUSED}; this ${what} file could not be decoded (${(err as Error).message}).`);
  }
}
