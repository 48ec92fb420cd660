import { imageTypeOf } from '../uploaded-file';

/**
 * What a document is stored and served as (files cannot run). The browser's word is never trusted: an
 * upload's type comes from its first bytes and its name, and only an allow-list of types that no browser runs (PDF,
 * images other than SVG, plain text) is ever served inline; everything else goes out as an attachment of type
 * application/octet-stream. Only the allow-list needs recognising, so a few signatures do what a general detector
 * would (none is in the dependencies, and the functions stay light); anything not recognised is simply not inline.
 */

/** How many first bytes of an upload decide its type (read with a ranged GET for direct uploads). */
export const SNIFF_BYTES = 4096;
export const OPAQUE_TYPE = 'application/octet-stream';
const TEXT_UTF8 = 'text/plain; charset=utf-8';
const TEXT_1252 = 'text/plain; charset=windows-1252';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'gif', 'webp'];
/** The allow-list: each served type with the extensions a file of it may carry. */
const INLINE_TYPES: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/png': IMAGE_EXTENSIONS,
  'image/jpeg': IMAGE_EXTENSIONS,
  'image/gif': IMAGE_EXTENSIONS,
  'image/webp': IMAGE_EXTENSIONS,
  [TEXT_UTF8]: ['txt', 'text', 'log', 'csv'],
  [TEXT_1252]: ['txt', 'text', 'log', 'csv'],
};

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** Markup a browser could be talked into rendering; plain text that looks like it is not trusted inline. */
const MARKUP = /^\s*<|<(?:!doctype|html|head|body|script|svg|iframe|object|embed|math|\?xml)[\s>/]/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what tells text from binary.
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * The text's charset if the bytes are plain text, else undefined: UTF-8 (a sequence cut at the end of the sample is
 * fine), or else Windows-1252, which spreadsheets and older Windows tools still write here; no control characters but
 * tab, line breaks and form feed, and nothing that looks like markup.
 */
function textTypeOf(head: Uint8Array): string | undefined {
  let text: string;
  let type = TEXT_UTF8;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    // Bytes Windows-1252 leaves undefined are no text of it either.
    if (head.some((b) => b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d)) return undefined;
    text = new TextDecoder('windows-1252').decode(head);
    type = TEXT_1252;
  }
  if (text.length === 0 || CONTROL.test(text) || MARKUP.test(text)) return undefined;
  return type;
}

/** The type the first bytes show, if it is one of the allow-list's. */
function sniff(head: Uint8Array): string | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return imageTypeOf(bytes)?.type ?? textTypeOf(bytes.subarray(0, SNIFF_BYTES));
}

/**
 * The type to store for an upload, from its first bytes and its name: an allow-listed type when both agree (a PDF
 * named .pdf, a PNG named .png or .jpg), else application/octet-stream (an HTML page named .pdf, a PDF named .txt, an
 * SVG, a spreadsheet).
 */
export function storedContentType(head: Uint8Array, fileName: string): string {
  const type = sniff(head);
  return type && INLINE_TYPES[type]?.includes(extensionOf(fileName)) ? type : OPAQUE_TYPE;
}

/**
 * How a stored document goes out, decided again at every download from the stored type and the name, so documents
 * stored before the check with whatever the browser declared (text/html, image/svg+xml) are served safely too: an
 * allow-listed type that fits the name keeps its type and the disposition asked for; anything else is an attachment
 * of type application/octet-stream.
 */
export function servedAs(
  storedType: string,
  fileName: string,
  wanted: 'inline' | 'attachment',
): { contentType: string; disposition: 'inline' | 'attachment' } {
  const [base = '', ...params] = storedType
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  // A text/plain stored without a charset (as browsers declare it) is read as UTF-8.
  const type = base === 'text/plain' ? (charset === 'windows-1252' ? TEXT_1252 : TEXT_UTF8) : base;
  if (INLINE_TYPES[type]?.includes(extensionOf(fileName))) return { contentType: type, disposition: wanted };
  return { contentType: OPAQUE_TYPE, disposition: 'attachment' };
}
