// The agency logo's size in pixels, read from the image header by sharp (libuv's thread pool, not
// the event loop). Every report and the portfolio PDF decode the logo in Chromium, where a 249 KB
// PNG of 16000×16000 took 3.67 GB and 11 s: the bytes limit says nothing about the
// pixels, so the settings refuse logos by their dimensions (settings.fns.ts logoSizeProblem).
// metadata() parses the header and decodes no pixel, so sharp's limitInputPixels (which would
// refuse without saying the size) is off here: the numbers are judged, and said, by us.

export interface LogoSize { width: number; height: number }

/** The logo's width and height, or null when its header cannot be read. */
export async function readLogoSize(dataUri: string): Promise<LogoSize | null> {
  const { default: sharp } = await import('sharp'); // a native module, loaded on the first logo
  const bytes = Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64');
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
