import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Stand-in for `pako` (infra/bundling.ts: 45 KB of every PDF function). pdf-lib only deflates its streams
 * (`pako.deflate`) and @pdf-lib/standard-fonts only inflates its font metrics (`pako.inflate`), both with the defaults;
 * Node's zlib does the same work natively, with the same defaults (level 6, zlib wrapper), so a PDF's streams inflate
 * to the same content. Anything else pako offers fails, naming the reason.
 */
const view = (bytes: Buffer) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);

export const deflate = (data: Uint8Array, options?: object): Uint8Array => view(deflateSync(data, noOptions(options)));
export const inflate = (data: Uint8Array, options?: object): Uint8Array => view(inflateSync(data, noOptions(options)));

/** Options would mean a caller this stand-in was not written for (raw streams, strings, dictionaries). */
function noOptions(options: object | undefined): undefined {
  if (options && Object.keys(options).length > 0) {
    throw new Error('pako options are not supported by its stand-in over node:zlib (infra/bundling-stubs/pako.ts)');
  }
  return undefined;
}

export default { deflate, inflate };
