import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';
import { strToU8, Zip, ZipDeflate, type ZipInputFile, zipSync } from 'fflate';

/**
 * Spreadsheets an attacker would upload, made in the test at a small compressed size: an XLSX
 * whose shared strings inflate to hundreds of MB (never held in memory here: zlib deflates them 1 MB at a time),
 * the same with a central directory that lies about the inflated size, one of many entries, and sheets whose row and
 * cell references ask the reader for a huge grid.
 */
const MB = 1024 * 1024;
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Spreadsheet column letters of a 1-based column number (1 → A, 27 → AA). */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A worksheet of inline strings (no shared strings needed), row r numbered from 1. */
export function sheetXml(rows: string[][]): string {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map(
            (text, c) => `<c r="${columnLetters(c + 1)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${body}</sheetData></worksheet>`;
}

/** The parts every workbook of one sheet has, besides the sheet and the shared strings. */
function skeleton(sheet: string): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '</Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
  };
}

const SST_OPEN = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>`;
const SST_CLOSE = '</t></si></sst>';

interface Deflated {
  data: Buffer;
  size: number;
  crc: number;
}
const deflatedStrings = new Map<number, Promise<Deflated>>();

/** Shared strings of one string of `mb` MB of 'A', deflated by zlib (400 MB: ~5 s, 408 KB); once per size. */
function sharedStringsOf(mb: number): Promise<Deflated> {
  let found = deflatedStrings.get(mb);
  if (!found) {
    found = (async () => {
      const deflate = createDeflateRaw({ level: 9 });
      const out: Buffer[] = [];
      deflate.on('data', (chunk: Buffer) => out.push(chunk));
      const block = Buffer.alloc(MB, 'A');
      let crc = 0;
      let size = 0;
      const write = (chunk: Buffer) => {
        crc = crc32(chunk, crc);
        size += chunk.length;
        return deflate.write(chunk) ? undefined : once(deflate, 'drain');
      };
      await write(Buffer.from(SST_OPEN));
      for (let i = 0; i < mb; i++) await write(block);
      await write(Buffer.from(SST_CLOSE));
      deflate.end();
      await once(deflate, 'end');
      return { data: Buffer.concat(out), size, crc };
    })();
    deflatedStrings.set(mb, found);
  }
  return found;
}

/**
 * An XLSX of these rows (a real, importable sheet), whose shared strings hold one more string, referenced by no cell,
 * of `mb` MB of 'A': about 1 KB compressed per MB inflated (408 KB for 400 MB, as finding 8's 410 KB for 419 MB).
 */
export async function xlsxBomb(rows: string[][], mb: number): Promise<Buffer> {
  const strings = await sharedStringsOf(mb);
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  for (const [name, text] of Object.entries(skeleton(sheetXml(rows)))) {
    const part = new ZipDeflate(name, { level: 9 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  // Already deflated: fflate's Zip takes a part that hands its compressed bytes, with its inflated size and CRC.
  const part: ZipInputFile = { filename: 'xl/sharedStrings.xml', compression: 8, size: strings.size, crc: strings.crc };
  zip.add(part);
  part.ondata?.(null, new Uint8Array(strings.data), true);
  zip.end();
  return Buffer.concat(out);
}

/**
 * The same bomb, whose central directory (and data descriptor) declare that the shared strings inflate to
 * `declared` bytes: a check of the directory alone would let it through.
 */
export async function lyingXlsxBomb(rows: string[][], mb: number, declared = 1000): Promise<Buffer> {
  const data = await xlsxBomb(rows, mb);
  const name = Buffer.from('xl/sharedStrings.xml');
  let patched = 0;
  for (let i = 0; i < data.length - 4; i++) {
    const signature = data.readUInt32LE(i);
    // Central directory header: uncompressed size at +24, name length at +28, the name at +46.
    if (signature === 0x02014b50 && data.subarray(i + 46, i + 46 + name.length).equals(name)) {
      data.writeUInt32LE(declared, i + 24);
      patched += 1;
    }
  }
  // The data descriptor after the shared strings' data (signature, crc, compressed, uncompressed): the last one.
  const descriptor = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]));
  if (patched !== 1 || descriptor < 0) throw new Error('the bomb has no shared strings entry to patch');
  data.writeUInt32LE(declared, descriptor + 12);
  return data;
}

/** A valid XLSX of these rows with `extra` more (empty, stored) XML entries. */
export function xlsxWithEntries(rows: string[][], extra: number): Buffer {
  const parts: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(skeleton(sheetXml(rows)))) parts[name] = strToU8(text);
  parts['xl/sharedStrings.xml'] = strToU8(`${SST_OPEN}${SST_CLOSE}`);
  for (let i = 0; i < extra; i++) parts[`xl/extra/part${i}.xml`] = strToU8('<a/>');
  return Buffer.from(zipSync(parts, { level: 0 }));
}

/** A valid XLSX whose sheet is this XML as written (row and cell references of the attacker's choosing). */
export function xlsxOfSheet(sheet: string): Buffer {
  const parts: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(skeleton(sheet))) parts[name] = strToU8(text);
  parts['xl/sharedStrings.xml'] = strToU8(`${SST_OPEN}${SST_CLOSE}`);
  return Buffer.from(zipSync(parts, { level: 6 }));
}

/** A sheet of one cell at A1 and one at the sheet's last cell (XFD1048576): a reader that fills gaps builds 17G cells. */
export const SPARSE_SHEET =
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>` +
  '<row r="1"><c r="A1" t="inlineStr"><is><t>cod_cta</t></is></c></row>' +
  '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>';

/** The process's peak resident memory in bytes: Linux's VmHWM, else getrusage's maxrss (which clear_refs may not reset). */
function peakRss(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

/**
 * The process's peak resident memory growth while `run` runs, in MB: the peak after it, less the resident memory
 * before it. The peak is reset first (Linux: `5` to /proc/self/clear_refs resets the high-water mark, VmHWM), so what
 * the process did before does not count; where that is not possible, the earlier peak can only make the figure
 * larger, never hide a growth.
 */
export async function peakGrowthMb<T>(run: () => Promise<T>): Promise<{ mb: number; result: T }> {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux: the peak so far stays, and the figure is an upper bound.
  }
  const before = process.memoryUsage().rss;
  const result = await run();
  return { mb: Math.max(0, peakRss() - before) / MB, result };
}
