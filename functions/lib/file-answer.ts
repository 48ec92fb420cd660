/** A file a handler answers with (the PDFs and the exports); the HTTP layer sends it (http/file-response.ts). */
export class FileAnswer {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
    readonly fileName: string,
  ) {}
}
