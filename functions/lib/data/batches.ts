import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { type AwsClient, AwsError, backoffMs, callTimeLeftMs } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { BatchGetCommand, BatchWriteCommand } from '../aws/dynamo-commands';

/**
 * A BatchGet or BatchWrite may leave part of its request unprocessed (the table's throughput, or 16 MB of answer).
 * DynamoDB asks for those to be sent again with exponential back-off; the SDK leaves that to its caller. Here the
 * leftovers go again after a full-jitter pause from 50 ms, doubling, for at most LEFTOVER_ROUNDS requests in all and
 * never past the call's deadline; what is still left then is throttling (503 SERVICE_BUSY), never a silent gap.
 */
export const LEFTOVER_ROUNDS = 8;
const LEFTOVER_BASE_MS = 50;

type GetRequest = NonNullable<BatchGetCommandInput['RequestItems']>;
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>;
type Sender = Pick<AwsClient, 'send'>;

const pending = (request: Record<string, unknown> | undefined) =>
  Object.values(request ?? {}).reduce<number>(
    (sum, part) => sum + (Array.isArray(part) ? part.length : ((part as { Keys?: unknown[] }).Keys?.length ?? 0)),
    0,
  );

/** The pause before leftover round `round` (1 for the first resend), or a 503 when rounds or time have run out. */
async function pauseBefore(round: number, left: number): Promise<void> {
  const pause = backoffMs('TRANSIENT', round - 1, LEFTOVER_BASE_MS);
  if (round >= LEFTOVER_ROUNDS || pause >= callTimeLeftMs()) {
    throw new AwsError(
      'ProvisionedThroughputExceededException',
      `${left} items left unprocessed after ${round} batch requests`,
      { attempts: round },
    );
  }
  await new Promise((resolve) => setTimeout(resolve, pause));
}

/** Every item the request names that exists, by table: unprocessed keys read again until none is left. */
export async function batchGetAll(
  request: GetRequest,
  client: Sender = dynamo,
): Promise<Record<string, Record<string, unknown>[]>> {
  const found: Record<string, Record<string, unknown>[]> = {};
  let next: GetRequest | undefined = request;
  for (let round = 1; ; round += 1) {
    const out: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: next }));
    for (const [table, items] of Object.entries(out.Responses ?? {}))
      found[table] = [...(found[table] ?? []), ...items];
    next = out.UnprocessedKeys;
    const left = pending(next);
    if (left === 0) return found;
    await pauseBefore(round, left);
  }
}

/** Every write of the request applied: unprocessed ones sent again until none is left. */
export async function batchWriteAll(request: WriteRequest, client: Sender = dynamo): Promise<void> {
  let next: WriteRequest | undefined = request;
  for (let round = 1; ; round += 1) {
    const out: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: next }));
    next = out.UnprocessedItems;
    const left = pending(next);
    if (left === 0) return;
    await pauseBefore(round, left);
  }
}
