import type { DynamoClient } from '../functions/lib/aws/dynamo-client';
import { BatchWriteCommand, UpdateCommand } from '../functions/lib/aws/dynamo-commands';
import type { TxWrite } from '../functions/lib/data/tx-write';
import { DEMO_PASSWORD, DEMO_TRUSTED_DEVICE } from '../local/demo-accounts';

/**
 * Counts every DynamoDB call the client sends from now on (the benches print calls per request beside its time).
 * Returns a reader of the running count: a request's calls are the difference before and after it.
 */
export function countDynamoCalls(client: DynamoClient): () => number {
  let calls = 0;
  client.onSend(() => {
    calls += 1;
  });
  return () => calls;
}

/**
 * A demo account's access token from the bench's own portal. The demo SUPER_ADMIN has a second factor: the demo's
 * trusted device (what the seed enrolled) skips its code, as the tests' sign-in does. `headers` adds e.g. a viewer
 * address. A refused sign-in throws with its answer, rather than a bench measuring refusals.
 */
export async function demoToken(apiUrl: string, email: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await fetch(`${apiUrl}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, trusted_device: DEMO_TRUSTED_DEVICE }),
  });
  const body = (await answer.json().catch(() => ({}))) as { access?: string };
  if (answer.status !== 200 || !body.access) {
    throw new Error(`sign-in of ${email}: ${answer.status} ${JSON.stringify(body)}`);
  }
  return body.access;
}

/** The demo SUPER_ADMIN's access token from the bench's own portal. */
export const superAdminToken = (apiUrl: string) => demoToken(apiUrl, 'superadmin@demo.cl');

/** Items put by BatchWrite, 25 a request and eight requests at a time, each until nothing is left unprocessed. */
export async function putItems(dynamo: DynamoClient, table: string, items: Array<Record<string, unknown>>) {
  const writeBatch = async (start: number) => {
    let request: Record<string, unknown[]> | undefined = {
      [table]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length > 0) {
      const out = await dynamo.send(new BatchWriteCommand({ RequestItems: request as never }));
      request = out.UnprocessedItems as typeof request;
    }
  };
  const starts = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => i * 25);
  for (let i = 0; i < starts.length; i += 8) await Promise.all(starts.slice(i, i + 8).map(writeBatch));
}

/** The directory entries of listing writes, merged per shard as one update each (bulkEntryUpdates), eight at a time. */
export async function putEntries(dynamo: DynamoClient, writes: TxWrite[]) {
  // Imported when called: the data layer reads the environment the bench's portal sets.
  const { bulkEntryUpdates } = await import('../functions/lib/data/directory');
  const updates = bulkEntryUpdates(writes);
  for (let i = 0; i < updates.length; i += 8) {
    await Promise.all(updates.slice(i, i + 8).map((u) => dynamo.send(new UpdateCommand(u.write.Update as never))));
  }
}
