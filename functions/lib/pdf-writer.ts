import { FontNames } from '@pdf-lib/standard-fonts';
import JpegEmbedder from 'pdf-lib/es/core/embedders/JpegEmbedder';
import PngEmbedder from 'pdf-lib/es/core/embedders/PngEmbedder';
import StandardFontEmbedder from 'pdf-lib/es/core/embedders/StandardFontEmbedder';
import PDFHexString from 'pdf-lib/es/core/objects/PDFHexString';
import PDFName from 'pdf-lib/es/core/objects/PDFName';
import PDFNumber from 'pdf-lib/es/core/objects/PDFNumber';
import PDFRef from 'pdf-lib/es/core/objects/PDFRef';
import PDFString from 'pdf-lib/es/core/objects/PDFString';
import PDFOperator from 'pdf-lib/es/core/operators/PDFOperator';
import Ops from 'pdf-lib/es/core/operators/PDFOperatorNames';
import PDFContext from 'pdf-lib/es/core/PDFContext';
import PDFContentStream from 'pdf-lib/es/core/structures/PDFContentStream';
import PDFPageLeaf from 'pdf-lib/es/core/structures/PDFPageLeaf';
import PDFPageTree from 'pdf-lib/es/core/structures/PDFPageTree';
import PDFStreamWriter from 'pdf-lib/es/core/writers/PDFStreamWriter';

/**
 * The portal's PDF writer, for the detail sheets (functions/lib/pdf.ts) and the accounting statements
 * (functions/lib/accounting/export-pdf.ts): what pdf-lib's PDFDocument does for them (text in two standard fonts,
 * straight lines and a logo on new pages), done with pdf-lib's own core objects, embedders and writer, step for step
 * as PDFDocument.create, embedFont, embedPng, embedJpg, addPage, PDFPage.drawText, drawLine, drawImage and save do it. PDFDocument itself
 * reaches forms, the parser, decoders and image embedders by relative imports (no alias cuts them): about 170 KB of
 * every PDF function. test/unit/pdf-writer.test.ts renders sheets and statements through both and compares the bytes.
 */

export type SheetFontName = 'Helvetica' | 'Helvetica-Bold';
export interface SheetColor {
  type: 'RGB';
  red: number;
  green: number;
  blue: number;
}

/** An RGB colour, as pdf-lib's rgb() gives it. */
export const rgb = (red: number, green: number, blue: number): SheetColor => ({ type: 'RGB', red, green, blue });

/**
 * What the layouts ask of a PDF writer: SheetDocument in the functions; pdf-lib's PDFDocument offers the same, and
 * test/unit/pdf-writer.test.ts renders through both.
 */
export interface PdfWriter {
  setTitle(title: string): void;
  setLanguage(language: string): void;
  setCreator(creator: string): void;
  embedFont(name: SheetFontName): PdfFont | Promise<PdfFont>;
  embedPng(bytes: Uint8Array): Promise<PdfImage>;
  embedJpg(bytes: Uint8Array): Promise<PdfImage>;
  addPage(size: [number, number]): PdfPage;
  save(): Promise<Uint8Array>;
}
export interface PdfFont {
  widthOfTextAtSize(text: string, size: number): number;
}
export interface PdfImage {
  readonly width: number;
  readonly height: number;
}
export interface PdfPage {
  drawText(text: string, options: { x: number; y: number; size: number; font: PdfFont; color: SheetColor }): void;
  drawLine(options: {
    start: { x: number; y: number };
    end: { x: number; y: number };
    thickness: number;
    color: SheetColor;
  }): void;
  drawImage(image: PdfImage, options: { x: number; y: number; width: number; height: number }): void;
}

const FONTS: Record<SheetFontName, FontNames> = {
  Helvetica: FontNames.Helvetica,
  'Helvetica-Bold': FontNames.HelveticaBold,
};

/** What PDFDocument writes in a new document's Info (its updateInfoDict). */
const PRODUCER = 'pdf-lib (https://github.com/Hopding/pdf-lib)';
/** PDFPage's default line height, which drawText sets even for one line. */
const LINE_HEIGHT = 24;

export class SheetFont implements PdfFont {
  constructor(
    readonly embedder: StandardFontEmbedder,
    readonly ref: PDFRef,
  ) {}

  widthOfTextAtSize(text: string, size: number): number {
    return this.embedder.widthOfTextAtSize(text, size);
  }
}

type ImageEmbedder = PngEmbedder | JpegEmbedder;

export class SheetImage implements PdfImage {
  constructor(
    readonly embedder: ImageEmbedder,
    readonly ref: PDFRef,
  ) {}

  get width(): number {
    return this.embedder.width;
  }

  get height(): number {
    return this.embedder.height;
  }
}

export class SheetPage implements PdfPage {
  private content: PDFContentStream | undefined;

  constructor(
    private readonly context: PDFContext,
    private readonly node: PDFPageLeaf,
  ) {}

  /** One line of text (the layout wraps; no line breaks) at (x, y): PDFPage.drawText's operators. */
  drawText(text: string, options: { x: number; y: number; size: number; font: SheetFont; color: SheetColor }): void {
    const { x, y, size, font, color } = options;
    // As drawText: the font joins the page's resources under a fresh key on every call.
    const key = this.node.newFontDictionary(font.embedder.fontName, font.ref);
    const n = PDFNumber.of;
    this.contentStream().push(
      PDFOperator.of(Ops.PushGraphicsState),
      PDFOperator.of(Ops.BeginText),
      PDFOperator.of(Ops.NonStrokingColorRgb, [n(color.red), n(color.green), n(color.blue)]),
      PDFOperator.of(Ops.SetFontAndSize, [key, n(size)]),
      PDFOperator.of(Ops.SetTextLineHeight, [n(LINE_HEIGHT)]),
      PDFOperator.of(Ops.SetTextMatrix, [n(1), n(0), n(0), n(1), n(x), n(y)]),
      PDFOperator.of(Ops.ShowText, [font.embedder.encodeText(text)]),
      PDFOperator.of(Ops.NextLine),
      PDFOperator.of(Ops.EndText),
      PDFOperator.of(Ops.PopGraphicsState),
    );
  }

  /** A solid straight line: PDFPage.drawLine's operators (its start point moved to twice, as pdf-lib writes it). */
  drawLine(options: {
    start: { x: number; y: number };
    end: { x: number; y: number };
    thickness: number;
    color: SheetColor;
  }): void {
    const { start, end, thickness, color } = options;
    const n = PDFNumber.of;
    this.contentStream().push(
      PDFOperator.of(Ops.PushGraphicsState),
      PDFOperator.of(Ops.StrokingColorRgb, [n(color.red), n(color.green), n(color.blue)]),
      PDFOperator.of(Ops.SetLineWidth, [n(thickness)]),
      PDFOperator.of(Ops.SetLineDashPattern, ['[]', n(0)]),
      PDFOperator.of(Ops.MoveTo, [n(start.x), n(start.y)]),
      PDFOperator.of(Ops.MoveTo, [n(start.x), n(start.y)]),
      PDFOperator.of(Ops.LineTo, [n(end.x), n(end.y)]),
      PDFOperator.of(Ops.StrokePath),
      PDFOperator.of(Ops.PopGraphicsState),
    );
  }

  /** An embedded image scaled into the box whose lower-left corner is (x, y): PDFPage.drawImage's operators. */
  drawImage(image: SheetImage, options: { x: number; y: number; width: number; height: number }): void {
    const { x, y, width, height } = options;
    const key = this.node.newXObject('Image', image.ref);
    const n = PDFNumber.of;
    // Translate, rotate by 0, scale, skew by 0: the four matrices drawImage concatenates.
    const matrix = (a: number, b: number, c: number, d: number, e: number, f: number) =>
      PDFOperator.of(Ops.ConcatTransformationMatrix, [n(a), n(b), n(c), n(d), n(e), n(f)]);
    this.contentStream().push(
      PDFOperator.of(Ops.PushGraphicsState),
      matrix(1, 0, 0, 1, x, y),
      matrix(Math.cos(0), Math.sin(0), -Math.sin(0), Math.cos(0), 0, 0),
      matrix(width, 0, 0, height, 0, 0),
      matrix(1, Math.tan(0), Math.tan(0), 1, 0, 0),
      PDFOperator.of(Ops.DrawObject, [key]),
      PDFOperator.of(Ops.PopGraphicsState),
    );
  }

  /** The page's content stream, made and registered at the first drawing (as PDFPage.getContentStream). */
  private contentStream(): PDFContentStream {
    if (!this.content) {
      this.content = PDFContentStream.of(this.context.obj({}), []);
      this.node.addContentStream(this.context.register(this.content));
    }
    return this.content;
  }
}

export class SheetDocument implements PdfWriter {
  private readonly context = PDFContext.create();
  private readonly pages = PDFPageTree.withContext(this.context);
  private readonly pagesRef = this.context.register(this.pages);
  private readonly catalog = this.context.obj({ Type: 'Catalog', Pages: this.pagesRef });
  private readonly info = this.context.obj({});
  private readonly fonts: SheetFont[] = [];
  private readonly images: SheetImage[] = [];

  constructor() {
    this.context.trailerInfo.Root = this.context.register(this.catalog);
    this.context.trailerInfo.Info = this.context.register(this.info);
    const now = new Date();
    this.setInfo('Producer', PDFHexString.fromText(PRODUCER));
    this.setInfo('ModDate', PDFString.fromDate(now));
    this.setInfo('Creator', PDFHexString.fromText(PRODUCER));
    this.setInfo('CreationDate', PDFString.fromDate(now));
  }

  setTitle(title: string): void {
    this.setInfo('Title', PDFHexString.fromText(title));
  }

  setCreator(creator: string): void {
    this.setInfo('Creator', PDFHexString.fromText(creator));
  }

  setLanguage(language: string): void {
    this.catalog.set(PDFName.of('Lang'), PDFString.of(language));
  }

  /** A standard font (not embedded: its metrics lay the text out), written into the document on save. */
  embedFont(name: SheetFontName): SheetFont {
    const font = new SheetFont(StandardFontEmbedder.for(FONTS[name]), this.context.nextRef());
    this.fonts.push(font);
    return font;
  }

  /** A PNG image (its alpha channel kept as a soft mask), written into the document on save. */
  async embedPng(bytes: Uint8Array): Promise<SheetImage> {
    return this.embedImage(await PngEmbedder.for(bytes));
  }

  /** A JPEG image, copied as it is, written into the document on save. */
  async embedJpg(bytes: Uint8Array): Promise<SheetImage> {
    return this.embedImage(await JpegEmbedder.for(bytes));
  }

  /** A new last page of the given size. */
  addPage([width, height]: [number, number]): SheetPage {
    const node = PDFPageLeaf.withContextAndParent(this.context, PDFRef.of(-1));
    const ref = this.context.register(node);
    node.set(PDFName.MediaBox, this.context.obj([0, 0, width, height]));
    node.setParent(this.pages.insertLeafNode(ref, this.pages.Count().asNumber()) ?? this.pagesRef);
    return new SheetPage(this.context, node);
  }

  /** The PDF's bytes, with object streams (PDFDocument.save's default). */
  async save(): Promise<Uint8Array> {
    for (const font of this.fonts) font.embedder.embedIntoContext(this.context, font.ref);
    for (const image of this.images) await image.embedder.embedIntoContext(this.context, image.ref);
    return PDFStreamWriter.forContext(this.context, 50).serializeToBuffer();
  }

  private embedImage(embedder: ImageEmbedder): SheetImage {
    const image = new SheetImage(embedder, this.context.nextRef());
    this.images.push(image);
    return image;
  }

  private setInfo(key: string, value: PDFHexString | PDFString): void {
    this.info.set(PDFName.of(key), value);
  }
}
