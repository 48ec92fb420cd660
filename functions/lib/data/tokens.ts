import { createHash, randomBytes } from 'node:crypto';
import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError } from '../errors';
import { epochSeconds } from './table';
import type { TxWrite } from './tx-write';

/**
 * Single-use links (invitations, password resets): the token is 32 random bytes sent only by e-mail; the table keeps
 * its SHA-256, so a table read leaks no usable link. Expiry is checked on read (DynamoDB's TTL deletes late) and again
 * in the condition that consumes it.
 */
export type TokenKind = 'INVITE' | 'RESET' | 'EMAIL' | 'DIGEST' | 'REMINDER' | 'NOTICE';

/**
 * Invitations last 7 days; password links 1 hour; e-mail change links 24 hours; a digest's unsubscribe link
 * (never consumed: a second click answers the same) 60 days, as a request reminder's and a message notice's.
 */
export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  INVITE: 7 * 24 * 3600,
  RESET: 3600,
  EMAIL: 24 * 3600,
  DIGEST: 60 * 24 * 3600,
  REMINDER: 60 * 24 * 3600,
  NOTICE: 60 * 24 * 3600,
};

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const tokenKey = (kind: TokenKind, token: string) => ({ pk: `TOKEN#${kind}#${hash(token)}`, sk: 'TOKEN' });

export const invalidToken = () => new ApiError(400, 'INVALID_TOKEN');
/** An invitation already accepted: its account exists, and the person is told to sign in, not to ask again. */
const usedInvitation = () => new ApiError(400, 'INVITATION_USED');

export function newToken(kind: TokenKind, ownerUuid: string): { token: string; write: TxWrite } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = epochSeconds() + TOKEN_TTL_SECONDS[kind];
  return {
    token,
    write: {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...tokenKey(kind, token), kind, owner_uuid: ownerUuid, expires_at: expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
  };
}

/** The owner of a live token, or 400 INVALID_TOKEN for one unknown, used or expired. */
export async function tokenOwner(kind: TokenKind, token: string): Promise<string> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: tokenKey(kind, token), ConsistentRead: true }),
  );
  if (!Item || (Item.expires_at as number) <= epochSeconds()) throw invalidToken();
  if (Item.used) throw kind === 'INVITE' ? usedInvitation() : invalidToken();
  return Item.owner_uuid as string;
}

/**
 * Consumes a token in a transaction: it fails (INVALID_TOKEN) if the token was used or expired meanwhile. A used token
 * stays, marked, until its own expiry (TTL), so a second use of the link can say it was used.
 */
export function consumeToken(kind: TokenKind, token: string): TxWrite {
  return consumeKey({ pk: tokenKey(kind, token).pk, sk: 'TOKEN' });
}

/** The same, by the hash an invitation keeps (its holder signed in with Microsoft instead of following the link). */
export function consumeTokenHash(kind: TokenKind, tokenHash: string): TxWrite {
  return consumeKey({ pk: `TOKEN#${kind}#${tokenHash}`, sk: 'TOKEN' });
}

function consumeKey(key: { pk: string; sk: string }): TxWrite {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: key,
        // USED is a reserved word of DynamoDB's expressions: it goes by a name placeholder.
        UpdateExpression: 'SET #used = :used',
        ConditionExpression: 'attribute_exists(pk) AND expires_at > :now AND attribute_not_exists(#used)',
        ExpressionAttributeNames: { '#used': 'used' },
        ExpressionAttributeValues: { ':now': epochSeconds(), ':used': true },
      },
    },
    onConditionFail: invalidToken,
  };
}

/** Drops a token by its hash (a resent or withdrawn invitation's old link). */
export function dropTokenHash(kind: TokenKind, tokenHash: string): TxWrite {
  return { write: { Delete: { TableName: config.tableName, Key: { pk: `TOKEN#${kind}#${tokenHash}`, sk: 'TOKEN' } } } };
}

export const tokenHash = hash;
