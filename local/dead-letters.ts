import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './paths';

/**
 * The local stand-in of a dead-letter queue (SQS): one JSON file per message under a folder per queue, the message's
 * body as SQS would hold it (a string). `npm start` keeps them under .local/data/dead-letters/ (they outlive a
 * restart, as a queue's messages do); the test stack in a temporary folder of its own (LOCAL_DEAD_LETTERS_DIR).
 */
export interface DeadLetter {
  messageId: string;
  /** What SQS would hold as the message's body. */
  body: string;
  /** When it was sent (SQS's SentTimestamp, as an ISO time). */
  sentAt: string;
}

export const deadLettersDir = () => process.env.LOCAL_DEAD_LETTERS_DIR ?? join(ROOT, '.local', 'data', 'dead-letters');
const queueDir = (queue: string) => join(deadLettersDir(), queue);

export async function sendDeadLetter(queue: string, body: string): Promise<DeadLetter> {
  const message = { messageId: randomUUID(), body, sentAt: new Date().toISOString() };
  await mkdir(queueDir(queue), { recursive: true });
  await writeFile(join(queueDir(queue), `${message.messageId}.json`), `${JSON.stringify(message, null, 2)}\n`);
  return message;
}

/** The queue's messages, oldest first (none when it was never written). */
export async function deadLetters(queue: string): Promise<DeadLetter[]> {
  const names = await readdir(queueDir(queue)).catch(() => [] as string[]);
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(join(queueDir(queue), name), 'utf8')) as DeadLetter),
  );
  return messages.sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.messageId.localeCompare(b.messageId));
}

export async function deleteDeadLetter(queue: string, messageId: string): Promise<void> {
  await rm(join(queueDir(queue), `${messageId}.json`), { force: true });
}
