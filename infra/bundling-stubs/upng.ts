/**
 * Stand-in for `@pdf-lib/upng` (infra/bundling.ts, issue 9: 24 KB of every PDF function). pdf-lib reaches it only to
 * embed a PNG image (`embedPng`); the portal's PDFs draw text and lines, no image. Should one ever embed a PNG, it
 * fails here naming the reason, rather than producing a broken file.
 */
function notBundled(): never {
  throw new Error(
    'PNG images are not bundled in the functions (infra/bundling-stubs/upng.ts): remove the alias to embed one',
  );
}

export default { decode: notBundled, toRGBA8: notBundled };
