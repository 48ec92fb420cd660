import type { IncomingMessage } from 'node:http';
import { inject } from 'vitest';
import { type Contract, fillPath } from '../../shared/contracts/define';

export interface RawRequest {
  params?: Record<string, string>;
  /** Pairs, so a name may repeat and any text may be sent. */
  query?: Array<[string, string]>;
  /** Sent as is: a string (JSON or not) or bytes (multipart). */
  body?: string | Buffer;
  contentType?: string;
  token?: string;
}

export interface RawAnswer {
  status: number;
  /** The body as text (a PDF too: only searched for ids, never parsed). */
  text: string;
}

/** Calls a contract with whatever input, well formed or not, and returns status and body text. */
export async function send(contract: Contract, request: RawRequest = {}): Promise<RawAnswer> {
  const { apiUrl } = inject('portal');
  const url = new URL(`${apiUrl}/${fillPath(contract.path, request.params)}`);
  for (const [name, value] of request.query ?? []) url.searchParams.append(name, value);
  // fetch cannot send a body with GET (nor can a browser); such a request goes without it.
  if (contract.method === 'GET') request = { ...request, body: undefined };
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const body =
    typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body);
  const response = await fetch(url, { method: contract.method, headers, body });
  return { status: response.status, text: await response.text() };
}

/** The ids among `uuids` that occur in a text. */
export const leakedIds = (text: string, uuids: readonly string[]) => uuids.filter((uuid) => text.includes(uuid));

/** The whole body of a request a stub server received (the stand-ins for Power BI and QuickSight), as text. */
export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
