import type { DynamoClient } from '../functions/lib/aws/dynamo-client';
import { DEMO_PASSWORD } from '../local/demo-accounts';

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

/** The demo SUPER_ADMIN's access token from the bench's own portal. */
export async function superAdminToken(apiUrl: string): Promise<string> {
  const answer = await fetch(`${apiUrl}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@demo.cl', password: DEMO_PASSWORD }),
  });
  return ((await answer.json()) as { access: string }).access;
}
