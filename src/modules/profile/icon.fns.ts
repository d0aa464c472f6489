// What an uploaded or fetched icon is, read from its bytes (never its name or declared type),
// and the sizes an ICO file claims before anything is decoded.

export type IconType = 'png' | 'jpeg' | 'gif' | 'webp' | 'ico';
export type Sniffed = IconType | 'svg' | 'unknown';

/** Icons never need more: bigger images are refused before decoding (decompression bombs). */
export const MAX_ICON_PIXELS = 4096 * 4096;
export const MAX_ICON_BYTES = 5 * 1024 * 1024;
export const ICON_SIZE = 256;

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

export function sniffImage(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // ICO: reserved 0, type 1, at least one image.
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length >= 6 && (bytes[4]! | (bytes[5]! << 8)) > 0) return 'ico';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<') && /<svg[\s>]/.test(head)) return 'svg';
  return 'unknown';
}

export interface IcoEntry { width: number; height: number; offset: number; size: number; format: 'png' | 'bmp' }

/**
 * The images of an ICO file as their own headers describe them (a PNG's IHDR, a BMP's info
 * header), so that a tiny file claiming a huge image is refused before decode-ico allocates it.
 * Null when the directory is malformed.
 */
export function icoEntries(bytes: Uint8Array): IcoEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 6) return null;
  const count = view.getUint16(4, true);
  if (count === 0 || 6 + count * 16 > bytes.length) return null;
  const out: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    const size = view.getUint32(at + 8, true);
    const offset = view.getUint32(at + 12, true);
    if (offset + size > bytes.length || size < 24) return null;
    if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47], offset)) {
      out.push({ width: view.getUint32(offset + 16), height: view.getUint32(offset + 20), offset, size, format: 'png' });
    } else {
      // BITMAPINFOHEADER: the height counts the AND mask too, so it is twice the image's.
      const width = Math.abs(view.getInt32(offset + 4, true));
      const height = Math.abs(view.getInt32(offset + 8, true)) / 2;
      out.push({ width, height, offset, size, format: 'bmp' });
    }
  }
  return out;
}

/** The entry to use: the largest within the pixel cap (ties go to the PNG). */
export function bestIcoEntry(entries: IcoEntry[]): IcoEntry | null {
  const fit = entries.filter((e) => e.width > 0 && e.height > 0 && e.width * e.height <= MAX_ICON_PIXELS);
  fit.sort((a, b) => b.width * b.height - a.width * a.height || (a.format === 'png' ? -1 : 1));
  return fit[0] ?? null;
}
