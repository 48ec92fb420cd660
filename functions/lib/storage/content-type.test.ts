import { describe, expect, test } from 'vitest';
import { OPAQUE_TYPE, SNIFF_BYTES, servedAs, storedContentType } from './content-type';

/** the stored type comes from the bytes and the name; only an allow-list is ever inline. */
const bytes = (text: string) => new TextEncoder().encode(text);
const HTML = bytes('<!DOCTYPE html><html><body><script>window.opener.location = "https://x.example"</script></body>');
const SVG = bytes(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const PDF = bytes('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const TEXT = bytes('Balance general 2024\nActivo circulante: $ 1.234.567\nAño tributario 2025, Ñuñoa\n');

describe('storedContentType: the bytes and the name decide', () => {
  test('an HTML page named .pdf is no PDF (nor HTML): opaque', () => {
    expect(storedContentType(HTML, 'boleta.pdf')).toBe(OPAQUE_TYPE);
    expect(storedContentType(HTML, 'boleta.html')).toBe(OPAQUE_TYPE);
    expect(storedContentType(HTML, 'boleta.txt')).toBe(OPAQUE_TYPE);
  });

  test('an SVG with script is opaque whatever its name', () => {
    for (const name of ['logo.svg', 'logo.png', 'logo.txt', 'logo.pdf']) {
      expect(storedContentType(SVG, name), name).toBe(OPAQUE_TYPE);
    }
    // Without the XML declaration, or after blank lines, it is still markup.
    expect(storedContentType(bytes('\n\n  <svg onload="alert(1)"/>'), 'logo.txt')).toBe(OPAQUE_TYPE);
  });

  test('a PDF named .txt is opaque; named .pdf (any case) it is a PDF', () => {
    expect(storedContentType(PDF, 'informe.txt')).toBe(OPAQUE_TYPE);
    expect(storedContentType(PDF, 'informe.pdf')).toBe('application/pdf');
    expect(storedContentType(PDF, 'INFORME.PDF')).toBe('application/pdf');
    expect(storedContentType(PDF, 'informe')).toBe(OPAQUE_TYPE);
  });

  test('a PNG named .png is image/png; images keep their own type under another image extension', () => {
    expect(storedContentType(PNG, 'firma.png')).toBe('image/png');
    expect(storedContentType(PNG, 'firma.jpg')).toBe('image/png');
    expect(storedContentType(JPEG, 'foto.jpeg')).toBe('image/jpeg');
    expect(storedContentType(PNG, 'firma.pdf')).toBe(OPAQUE_TYPE);
  });

  test('plain text named .txt or .csv is text/plain with its charset', () => {
    expect(storedContentType(TEXT, 'notas.txt')).toBe('text/plain; charset=utf-8');
    expect(storedContentType(bytes('rut;nombre\n76.086.428-5;Ñandú SpA\n'), 'socios.csv')).toBe(
      'text/plain; charset=utf-8',
    );
    // 'Año' as Windows-1252 writes it (0xF1), as Excel still saves a CSV here.
    const latin = new Uint8Array([0x41, 0xf1, 0x6f, 0x3b, 0x32, 0x30, 0x32, 0x34, 0x0d, 0x0a]);
    expect(storedContentType(latin, 'años.csv')).toBe('text/plain; charset=windows-1252');
    // A UTF-8 character cut at the end of the sample is still text.
    const long = bytes(`${'a'.repeat(SNIFF_BYTES - 1)}ñ`).subarray(0, SNIFF_BYTES);
    expect(storedContentType(long, 'largo.txt')).toBe('text/plain; charset=utf-8');
    // Text under another name is not shown as text.
    expect(storedContentType(TEXT, 'notas.pdf')).toBe(OPAQUE_TYPE);
    expect(storedContentType(TEXT, 'notas.html')).toBe(OPAQUE_TYPE);
  });

  test('unknown bytes are opaque: binary, control characters, a zip, an empty sample', () => {
    const random = new Uint8Array(512).map((_, i) => (i * 151 + 7) % 256);
    expect(storedContentType(random, 'datos.txt')).toBe(OPAQUE_TYPE);
    expect(storedContentType(random, 'datos.bin')).toBe(OPAQUE_TYPE);
    expect(storedContentType(bytes('hola\u0000mundo'), 'nota.txt')).toBe(OPAQUE_TYPE);
    expect(storedContentType(bytes('hola\u001b[31mmundo'), 'nota.txt')).toBe(OPAQUE_TYPE);
    expect(storedContentType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0]), 'balance.xlsx')).toBe(OPAQUE_TYPE);
    expect(storedContentType(new Uint8Array(), 'vacio.txt')).toBe(OPAQUE_TYPE);
    // Bytes Windows-1252 leaves undefined are not text of it.
    expect(storedContentType(new Uint8Array([0x41, 0x81, 0x42]), 'nota.txt')).toBe(OPAQUE_TYPE);
  });

  test('text that looks like markup is never text: a page, an XML file, an inline script', () => {
    for (const sample of ['<html><p>hola</p></html>', 'Hola <script>alert(1)</script>', '<?xml version="1.0"?><a/>']) {
      expect(storedContentType(bytes(sample), 'nota.txt'), sample).toBe(OPAQUE_TYPE);
    }
    // A less-than sign in prose is fine.
    expect(storedContentType(bytes('Si a < b, entonces b > a.\n'), 'nota.txt')).toBe('text/plain; charset=utf-8');
  });
});

describe('servedAs: the decision again at each download, from the stored type and the name', () => {
  test('allow-listed types that fit the name keep their type and the disposition asked for', () => {
    expect(servedAs('application/pdf', 'a.pdf', 'inline')).toEqual({
      contentType: 'application/pdf',
      disposition: 'inline',
    });
    expect(servedAs('image/png', 'a.png', 'attachment')).toEqual({
      contentType: 'image/png',
      disposition: 'attachment',
    });
    expect(servedAs('text/plain; charset=utf-8', 'a.txt', 'inline')).toEqual({
      contentType: 'text/plain; charset=utf-8',
      disposition: 'inline',
    });
    expect(servedAs('text/plain; charset=windows-1252', 'a.csv', 'inline').contentType).toBe(
      'text/plain; charset=windows-1252',
    );
    // As a browser declared it before the check: no charset, other cases.
    expect(servedAs('Text/Plain', 'a.txt', 'inline').contentType).toBe('text/plain; charset=utf-8');
    expect(servedAs('APPLICATION/PDF', 'a.PDF', 'inline').disposition).toBe('inline');
  });

  test('a hostile stored type, or one that does not fit the name, is an opaque attachment', () => {
    const opaque = { contentType: OPAQUE_TYPE, disposition: 'attachment' };
    for (const [type, name] of [
      ['text/html', 'a.html'],
      ['text/html', 'a.pdf'],
      ['image/svg+xml', 'a.svg'],
      ['image/svg+xml', 'a.png'],
      ['application/xhtml+xml', 'a.txt'],
      ['application/pdf', 'a.html'],
      ['application/pdf', 'a.txt'],
      ['text/plain', 'a.html'],
      ['text/csv', 'a.csv'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx'],
      ['application/octet-stream', 'a.pdf'],
      ['', 'a.pdf'],
    ]) {
      expect(servedAs(type as string, name as string, 'inline'), `${type} ${name}`).toEqual(opaque);
    }
  });
});
