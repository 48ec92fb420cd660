import { deflateSync } from 'node:zlib';

/**
 * The demo projects' logo, icon (favicon) and login background ("the demo projects have no logo and the
 * favicon is blank"), drawn here as PNGs: the API accepts images by their content (PNG, JPEG, GIF, WebP; not SVG), and
 * a seed must not fetch anything. A pixel function per image, a 5×7 bitmap font for the logo's words, and a minimal
 * PNG encoder (RGBA, one IDAT, zlib from Node).
 */
type Rgba = [number, number, number, number];
type Painter = (x: number, y: number) => Rgba;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes width × height RGBA pixels from `paint` as a PNG. */
export function png(width: number, height: number, paint: Painter): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = paint(x, y);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function rgb(hex: string, alpha = 255): Rgba {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255, alpha];
}

const mix = (a: Rgba, b: Rgba, t: number): Rgba => a.map((v, i) => Math.round(v + ((b[i] as number) - v) * t)) as Rgba;
const CLEAR: Rgba = [0, 0, 0, 0];

/** 5×7 glyphs of the letters the demo names use (rows top to bottom, '#' is ink). */
const GLYPHS: Record<string, string[]> = {
  A: [' ### ', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  C: [' ####', '#    ', '#    ', '#    ', '#    ', '#    ', ' ####'],
  D: ['#### ', '#   #', '#   #', '#   #', '#   #', '#   #', '#### '],
  E: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#####'],
  F: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#    '],
  I: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '#####'],
  L: ['#    ', '#    ', '#    ', '#    ', '#    ', '#    ', '#####'],
  N: ['#   #', '##  #', '# # #', '#  ##', '#   #', '#   #', '#   #'],
  O: [' ### ', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  P: ['#### ', '#   #', '#   #', '#### ', '#    ', '#    ', '#    '],
  R: ['#### ', '#   #', '#   #', '#### ', '# #  ', '#  # ', '#   #'],
  S: [' ####', '#    ', '#    ', ' ### ', '    #', '    #', '#### '],
  T: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  '],
  U: ['#   #', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  ' ': ['     ', '     ', '     ', '     ', '     ', '     ', '     '],
};

/** True where `text`, drawn at (left, top) with `scale`-pixel dots, has ink. */
function inkAt(text: string, left: number, top: number, scale: number, x: number, y: number): boolean {
  const column = Math.floor((x - left) / scale);
  const row = Math.floor((y - top) / scale);
  if (row < 0 || row > 6 || column < 0) return false;
  const glyph = GLYPHS[text[Math.floor(column / 6)] ?? ''];
  const inGlyph = column % 6;
  return inGlyph < 5 && glyph?.[row]?.[inGlyph] === '#';
}

export interface BrandSpec {
  /** The words of the logo, upper case, letters of GLYPHS only. */
  words: string[];
  primary: string;
  secondary: string;
  /** Mountains (Andes) or sun and waves (Pacífico). */
  mark: 'mountains' | 'waves';
}

/** The mark in a size × size square, transparent around it. */
function mark(spec: BrandSpec, size: number): Painter {
  const primary = rgb(spec.primary);
  const secondary = rgb(spec.secondary);
  return (x, y) => {
    const u = x / size;
    const v = y / size;
    if (spec.mark === 'mountains') {
      const big = v > 0.2 + Math.abs(u - 0.42) * 1.4 && v < 0.9;
      const small = v > 0.45 + Math.abs(u - 0.75) * 1.4 && v < 0.9;
      if (big && v < 0.38) return secondary;
      if (big || small) return primary;
      return CLEAR;
    }
    const sun = (u - 0.5) ** 2 + (v - 0.42) ** 2 < 0.06;
    const wave = (offset: number) => Math.abs(v - offset - 0.04 * Math.sin(u * Math.PI * 4)) < 0.045;
    if (wave(0.64) || wave(0.8)) return primary;
    if (sun && v < 0.6) return secondary;
    return CLEAR;
  };
}

/** 64 × 64 icon: the mark on a white rounded tile (a favicon must read on dark and light tabs). */
export function brandIcon(spec: BrandSpec): Buffer {
  const size = 64;
  const draw = mark(spec, size);
  return png(size, size, (x, y) => {
    const corner = 12;
    const dx = Math.max(corner - x, x - (size - 1 - corner), 0);
    const dy = Math.max(corner - y, y - (size - 1 - corner), 0);
    if (dx * dx + dy * dy > corner * corner) return CLEAR;
    const ink = draw(x, y);
    return ink[3] ? ink : [255, 255, 255, 255];
  });
}

/** The dot size at which the longest word fits right of the mark (at most 4). */
export const logoScale = (words: string[], width = 360) =>
  Math.min(4, Math.floor((width - 100 - 4) / (Math.max(...words.map((word) => word.length)) * 6)));

/** 360 × 96 logo: the mark, then the words in the primary colour, on a transparent ground. */
export function brandLogo(spec: BrandSpec): Buffer {
  const width = 360;
  const height = 96;
  const draw = mark(spec, 80);
  const primary = rgb(spec.primary);
  const missing = [...spec.words.join('')].filter((letter) => !GLYPHS[letter]);
  if (missing.length > 0) throw new Error(`No glyph for ${missing.join(', ')} in the logo's words`);
  // The longest word sets the dot size, so every word fits beside the mark (a glyph is 6 dots wide with its gap).
  const scale = logoScale(spec.words, width);
  return png(width, height, (x, y) => {
    if (x < 88 && y >= 8 && y < 88) return draw(x - 4, y - 8);
    for (const [line, word] of spec.words.entries()) {
      if (inkAt(word, 100, 14 + line * 40, scale, x, y)) return primary;
    }
    return CLEAR;
  });
}

/** 960 × 640 login background: a diagonal blend of both colours with the mark's shapes faint and large. */
export function brandBackground(spec: BrandSpec): Buffer {
  const width = 960;
  const height = 640;
  const primary = rgb(spec.primary);
  const secondary = rgb(spec.secondary);
  const draw = mark(spec, height);
  return png(width, height, (x, y) => {
    const base = mix(primary, mix(primary, secondary, 0.55), (x / width + y / height) / 2);
    const shape = draw(x - width / 3, y);
    return shape[3] ? mix(base, [255, 255, 255, 255], 0.12) : base;
  });
}
