import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import type { Sharp } from 'sharp';
import { invalid } from '../../lib/errors.ts';
import { bestIcoEntry, ICON_SIZE, type IcoEntry, MAX_ICON_BYTES, MAX_ICON_PIXELS, readIcoDirectory, singleEntryIco, sniffImage } from './icon.fns.ts';

// Any accepted icon becomes a 256×256 PNG (contained, transparent margins). Nothing is decoded on
// the event loop: sharp works on libuv's thread pool, and the one BMP image an ICO may need is
// decoded in a worker thread. The pixel cap is enforced by sharp before it decodes
// (limitInputPixels) and by our own ICO directory check, which also refuses directories that
// would cost more than their one chosen image (icon.fns.ts readIcoDirectory).

const REFUSED = 'The icon must be a PNG, JPEG, WebP, GIF or ICO image';
/** BMP decodes at once in this process (each a short-lived worker of a few MB). */
const bmpDecodes = pLimit(2);
const BMP_DECODE_TIMEOUT_MS = 10_000;

export async function normaliseIcon(bytes: Buffer): Promise<Buffer> {
  // Loaded on the first icon, not at start (a native module and its libvips).
  const { default: sharp } = await import('sharp');
  if (bytes.length === 0) throw invalid('The icon file is empty.');
  if (bytes.length > MAX_ICON_BYTES) throw invalid(`The icon is larger than ${MAX_ICON_BYTES} bytes.`);
  const type = sniffImage(bytes);
  if (type === 'svg') throw invalid(`${REFUSED}; SVG is refused (it can carry scripts and has no fixed size).`);
  if (type === 'unknown') throw invalid(`${REFUSED}; these bytes are none of them.`);
  let input: Sharp;
  if (type === 'ico') {
    const directory = readIcoDirectory(bytes);
    if (!directory.ok) throw invalid(`${REFUSED}; ${directory.reason}.`);
    const best = bestIcoEntry(directory.entries);
    if (!best) throw invalid(`The ICO file's images are over the ${MAX_ICON_PIXELS}-pixel limit.`);
    if (best.format === 'png') {
      input = sharp(bytes.subarray(best.offset, best.offset + best.size), { limitInputPixels: MAX_ICON_PIXELS, failOn: 'error' });
    } else {
      const image = await bmpDecodes(() => decodeBmpEntry(bytes, best));
      input = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 4 } });
    }
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

interface Decoded { width: number; height: number; data: Uint8Array }

/** The chosen BMP entry (≤ 256×256, checked before) as RGBA, decoded in a worker thread. */
function decodeBmpEntry(bytes: Buffer, entry: IcoEntry): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./ico-decode.worker.cjs', import.meta.url), {
      workerData: singleEntryIco(bytes, entry),
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const refuse = (why: string) => settle(() => reject(invalid(`${REFUSED}; this ICO file could not be decoded (${why}).`)));
    const timer = setTimeout(() => refuse('it took too long'), BMP_DECODE_TIMEOUT_MS);
    worker.once('message', (m: Decoded | { error: string }) => ('error' in m ? refuse(m.error) : settle(() => resolve(m))));
    worker.once('error', (err) => refuse(err.message));
    worker.once('exit', () => refuse('the decoder stopped'));
  });
}
