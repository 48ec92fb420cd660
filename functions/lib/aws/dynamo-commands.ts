import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { type AwsCommand, type Call, jsonRpcRequest, readJson, type WireAnswer } from './aws-client';

/**
 * The commands the functions send through `dynamo` (dynamo.ts), named and shaped as @aws-sdk/lib-dynamodb's: plain
 * documents in and out, marshalled here with @aws-sdk/util-dynamodb as its DocumentClient does (undefined values
 * removed). Only the expression-style parameters: the legacy ones (Expected, KeyConditions, ...) are typed out.
 */

/**
 * Where a request or an answer holds items: ITEM is an item (or key), [shape] a list, { '*': shape } a map keyed by
 * table name, { field: shape } the fields of a structure. Everything else passes as it is.
 */
const ITEM: 'item' = 'item';
type Shape = typeof ITEM | readonly [Shape] | { readonly [field: string]: Shape };

function convert(value: unknown, shape: Shape, item: (value: Record<string, unknown>) => unknown): unknown {
  if (value === undefined || value === null) return value;
  if (shape === ITEM) return item(value as Record<string, unknown>);
  if (Array.isArray(shape)) return (value as unknown[]).map((each) => convert(each, shape[0], item));
  const fields = shape as { readonly [field: string]: Shape };
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(out)) {
    const inner = fields[key] ?? fields['*'];
    if (inner !== undefined) out[key] = convert(out[key], inner, item);
  }
  return out;
}

const toItem = (document: Record<string, unknown>) => marshall(document, { removeUndefinedValues: true });

type Wire = Record<string, unknown>;
/** The JSON protocol carries binary values as base64: back to bytes, as the SDK gives them. */
function bytes(value: Wire): Wire {
  if (typeof value.B === 'string') return { B: new Uint8Array(Buffer.from(value.B, 'base64')) };
  if (Array.isArray(value.BS)) return { BS: value.BS.map((b: string) => new Uint8Array(Buffer.from(b, 'base64'))) };
  if (Array.isArray(value.L)) return { L: value.L.map(bytes) };
  if (value.M) return { M: itemBytes(value.M as Wire) };
  return value;
}
const itemBytes = (item: Wire): Wire =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, bytes(value as Wire)]));
const fromItem = (item: Wire) => unmarshall(itemBytes(item) as never);

/** A command: its operation, where its request and its answer hold items (each command a class, for tree-shaking). */
abstract class DocumentRequest<Input extends object, Output> implements AwsCommand<Output> {
  abstract readonly operation: string;
  protected abstract readonly request: Shape;
  protected abstract readonly answer: Shape;
  constructor(readonly input: Input) {}
  /** What goes on the wire besides the input (an idempotency token). */
  protected extra(_call: Call): Record<string, unknown> {
    return {};
  }
  toRequest(endpoint: URL, call: Call) {
    const body = { ...(convert(this.input, this.request, toItem) as object), ...this.extra(call) };
    return jsonRpcRequest(endpoint, '1.0', `DynamoDB_20120810.${this.operation}`, body);
  }
  fromAnswer({ body, metadata }: WireAnswer): Output {
    return { ...(convert(readJson(body), this.answer, fromItem) as Wire), $metadata: metadata } as Output;
  }
}

const VALUES = { ExpressionAttributeValues: ITEM } as const;
const WRITTEN = { Attributes: ITEM, ItemCollectionMetrics: { ItemCollectionKey: ITEM } } as const;
const PAGE = { Items: [ITEM], LastEvaluatedKey: ITEM } as const;
const WRITE_REQUESTS = { '*': [{ PutRequest: { Item: ITEM }, DeleteRequest: { Key: ITEM } }] } as const;
const COLLECTIONS = { ItemCollectionMetrics: { '*': [{ ItemCollectionKey: ITEM }] } } as const;

export class GetCommand extends DocumentRequest<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
  protected readonly request = { Key: ITEM };
  protected readonly answer = { Item: ITEM };
}

export class PutCommand extends DocumentRequest<Omit<PutCommandInput, 'Expected'>, PutCommandOutput> {
  readonly operation = 'PutItem';
  protected readonly request = { Item: ITEM, ...VALUES };
  protected readonly answer = WRITTEN;
}

export class UpdateCommand extends DocumentRequest<
  Omit<UpdateCommandInput, 'Expected' | 'AttributeUpdates'>,
  UpdateCommandOutput
> {
  readonly operation = 'UpdateItem';
  protected readonly request = { Key: ITEM, ...VALUES };
  protected readonly answer = WRITTEN;
}

export class DeleteCommand extends DocumentRequest<Omit<DeleteCommandInput, 'Expected'>, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
  protected readonly request = { Key: ITEM, ...VALUES };
  protected readonly answer = WRITTEN;
}

export class QueryCommand extends DocumentRequest<
  Omit<QueryCommandInput, 'KeyConditions' | 'QueryFilter'>,
  QueryCommandOutput
> {
  readonly operation = 'Query';
  protected readonly request = { ExclusiveStartKey: ITEM, ...VALUES };
  protected readonly answer = PAGE;
}

export class ScanCommand extends DocumentRequest<Omit<ScanCommandInput, 'ScanFilter'>, ScanCommandOutput> {
  readonly operation = 'Scan';
  protected readonly request = { ExclusiveStartKey: ITEM, ...VALUES };
  protected readonly answer = PAGE;
}

export class BatchGetCommand extends DocumentRequest<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  protected readonly request = { RequestItems: { '*': { Keys: [ITEM] } } } as const;
  protected readonly answer = { Responses: { '*': [ITEM] }, UnprocessedKeys: { '*': { Keys: [ITEM] } } } as const;
}

export class BatchWriteCommand extends DocumentRequest<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  protected readonly request = { RequestItems: WRITE_REQUESTS };
  protected readonly answer = { UnprocessedItems: WRITE_REQUESTS, ...COLLECTIONS };
}

export class TransactWriteCommand extends DocumentRequest<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
  protected readonly request = {
    TransactItems: [
      {
        ConditionCheck: { Key: ITEM, ...VALUES },
        Put: { Item: ITEM, ...VALUES },
        Delete: { Key: ITEM, ...VALUES },
        Update: { Key: ITEM, ...VALUES },
      },
    ],
  } as const;
  protected readonly answer = COLLECTIONS;
  /**
   * One token for every attempt of the call, as the SDK fills it: DynamoDB answers an attempt that repeats a
   * committed transaction (its answer lost to a 5xx or a dropped connection) with success instead of applying it
   * twice or failing its conditions. A new call is a new transaction, with a new token.
   */
  protected override extra(call: Call) {
    return this.input.ClientRequestToken ? {} : { ClientRequestToken: call.idempotencyToken };
  }
}

export type { TransactWriteCommandInput };
