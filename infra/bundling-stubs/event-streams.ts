/**
 * Stand-in for `@smithy/core/event-streams`: the portal calls no streaming operation (S3 SelectObjectContent and the
 * like), yet every client's protocol reaches this module, through a dynamic import that esbuild inlines (about 14 KB
 * per bundle). infra/bundling.ts aliases it here. A client that is built still gets a marshaller; one that tries to
 * read or write an event stream fails, naming the reason.
 */
function notBundled(): never {
  throw new Error('AWS SDK event streams are not bundled (infra/bundling.ts)');
}

const marshaller = { serialize: notBundled, deserialize: notBundled };

export const eventStreamSerdeProvider = (_options?: unknown) => marshaller;

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(
  input: T,
) => Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor(_options?: unknown) {
    notBundled();
  }
}

// What the Bedrock runtime client's bidirectional-stream middleware imports: the chatbot calls Converse,
// never a streaming operation, so these fail if ever reached.
export class EventStreamCodec {
  constructor(..._args: unknown[]) {
    notBundled();
  }
}

export const iterableToReadableStream = (_input?: unknown): never => notBundled();
export const readableStreamToIterable = (_input?: unknown): never => notBundled();
