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

/** Real icons hold a handful of sizes (a Windows icon at most ~30: ten sizes in three depths). */
export const MAX_ICO_ENTRIES = 64;
/** The ICO format's own limit for a BMP image; PNG entries may be larger, within MAX_ICON_PIXELS. */
export const MAX_BMP_SIDE = 256;

export type IcoDirectory = { ok: true; entries: IcoEntry[] } | { ok: false; reason: string };

const malformed = (why: string): IcoDirectory => ({ ok: false, reason: `this ICO file is malformed (${why})` });

/**
 * The images of an ICO file as their own headers describe them (a PNG's IHDR, a BMP's info
 * header), read before anything is decoded. A directory is refused when it could make decoding
 * cost more than the one image it yields (6,000 entries over one bitmap froze the process for
 * seconds): too many entries, entries sharing bytes (overlapping or duplicate offsets), an entry
 * inside the directory, or a BMP image over 256×256.
 */
export function readIcoDirectory(bytes: Uint8Array): IcoDirectory {
  if (bytes.length < 6) return malformed('no directory');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(4, true);
  if (count === 0) return malformed('no images');
  if (count > MAX_ICO_ENTRIES) return { ok: false, reason: `this ICO file lists ${count} images; at most ${MAX_ICO_ENTRIES} are accepted` };
  const directoryEnd = 6 + count * 16;
  if (directoryEnd > bytes.length) return malformed('the directory is truncated');
  const out: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    const size = view.getUint32(at + 8, true);
    const offset = view.getUint32(at + 12, true);
    if (size < 24 || offset < directoryEnd || offset + size > bytes.length) return malformed(`image ${i + 1} lies outside the file's image data`);
    if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47], offset)) {
      out.push({ width: view.getUint32(offset + 16), height: view.getUint32(offset + 20), offset, size, format: 'png' });
      continue;
    }
    // BITMAPINFOHEADER: the height counts the AND mask too, so it is twice the image's.
    const width = Math.abs(view.getInt32(offset + 4, true));
    const height = Math.abs(view.getInt32(offset + 8, true)) / 2;
    if (width > MAX_BMP_SIDE || height > MAX_BMP_SIDE) {
      return { ok: false, reason: `image ${i + 1} of this ICO file is a ${width}×${height} BMP; BMP images over ${MAX_BMP_SIDE}×${MAX_BMP_SIDE} are refused` };
    }
    out.push({ width, height, offset, size, format: 'bmp' });
  }
  const byOffset = [...out].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < byOffset.length; i++) {
    const prev = byOffset[i - 1]!;
    if (prev.offset + prev.size > byOffset[i]!.offset) return { ok: false, reason: 'this ICO file has images sharing bytes (duplicate or overlapping offsets)' };
  }
  return { ok: true, entries: out };
}

/** The entry to use: the largest within the pixel cap (ties go to the PNG). */
export function bestIcoEntry(entries: IcoEntry[]): IcoEntry | null {
  const fit = entries.filter((e) => e.width > 0 && e.height > 0 && e.width * e.height <= MAX_ICON_PIXELS);
  fit.sort((a, b) => b.width * b.height - a.width * a.height || (a.format === 'png' ? -1 : 1));
  return fit[0] ?? null;
}

/** A one-image ICO holding just `entry`'s bytes: what the BMP decoder gets, so it decodes only that image. */
export function singleEntryIco(bytes: Uint8Array, entry: IcoEntry): Buffer {
  const out = Buffer.alloc(22 + entry.size);
  out.writeUInt16LE(1, 2);
  out.writeUInt16LE(1, 4);
  out[6] = entry.width >= 256 ? 0 : entry.width;
  out[7] = entry.height >= 256 ? 0 : entry.height;
  out.writeUInt32LE(entry.size, 14);
  out.writeUInt32LE(22, 18);
  out.set(bytes.subarray(entry.offset, entry.offset + entry.size), 22);
  return out;
}
