// Decodes the single BMP image of a one-entry ICO (icon.fns.ts singleEntryIco) in a worker
// thread, so that decoding never blocks the server's event loop for other tenants. Plain CommonJS: a
// worker does not inherit the TypeScript loader the server runs under.
const { parentPort, workerData } = require('node:worker_threads');
const decodeIco = require('decode-ico');

try {
  const [image] = decodeIco(workerData);
  if (!image || image.type !== 'bmp') throw new Error('no BMP image');
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  parentPort.postMessage({ width: image.width, height: image.height, data }, [data.buffer]);
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
