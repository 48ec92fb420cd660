import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * The lines of text a PDF shows, in drawing order: pdf-lib draws each line as one hex string (`<…> Tj`) in the
 * WinAnsi encoding, which matches Latin-1 for the characters compared here.
 */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().flatMap((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    return streams.flatMap((ref) => {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Type'))) return [];
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
        Buffer.from(m[1] ?? '', 'hex').toString('latin1'),
      );
    });
  });
}
