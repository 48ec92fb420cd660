import { nowMs } from '../clock';
import { logger } from '../logger';

/**
 * The time an answer that must not tell who has an account takes, whatever the work behind it ("No one
 * learns who is a client"): password recovery mails a registered address (a token write, the firm's logo, SES) and
 * does nothing for an unknown one, and both answer this long after the request began. Above that work's usual
 * duration (well under half a second) with room to spare.
 */
export const EVEN_ANSWER_MS = 1500;

type Wait = (ms: number) => Promise<void>;
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let wait: Wait = sleep;

/** Tests only: records the wait instead of sleeping (undefined puts the real one back). */
export function setEvenAnswerWait(replacement: Wait | undefined): void {
  wait = replacement ?? sleep;
}

/**
 * Runs `work` and answers its result no sooner than `floorMs` after it began. Work that overran the floor answers at
 * once and is logged: the floor should then be raised.
 */
export async function evenAnswer<T>(work: () => Promise<T>, floorMs = EVEN_ANSWER_MS): Promise<T> {
  const startedAt = nowMs();
  const result = await work();
  const left = startedAt + floorMs - nowMs();
  if (left > 0) await wait(left);
  else logger.warn('Work took longer than its even answer', { overMs: -left });
  return result;
}
