import { deleteIdentity } from '../lib/auth/identities';
import { s3 } from '../lib/aws/s3';
import { DeleteObjectCommand } from '../lib/aws/s3-commands';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import { sweepLedgerVersions } from '../lib/data/accounting-ledger';
import {
  type Bucket,
  CLEANUP_SHARDS,
  type Cleanup,
  dueCleanups,
  removeCleanup,
  takeCleanup,
} from '../lib/data/cleanups';
import { removeReferencesOfReport } from '../lib/data/report-references';
import { logger } from '../lib/logger';

/**
 * The garbage sweeper (docs/decisions/multi-step-writes.md), run hourly by EventBridge Scheduler
 * (infra/constructs/sweeper-schedule.ts). It reads the clean-up markers that fell due (a Query per marker partition,
 * oldest first, never a Scan), takes each (a write that would still make its resources live then fails), deletes
 * what it names, and removes it. Every step is idempotent: a run that stops anywhere is finished by the next one.
 * Bounded: at most `pages` marker pages and `items` deletions per run; what is left waits for the next run.
 */
export interface SweepBudget {
  /** Marker pages read (Queries), over all partitions. */
  pages: number;
  /** Markers per page. */
  pageSize: number;
  /** Deletions (objects, identities, items) per run. */
  items: number;
}

export const SWEEP_BUDGET: SweepBudget = { pages: 40, pageSize: 25, items: 2000 };

export interface SweepOutcome {
  pages: number;
  finished: number;
  deleted: number;
  /** Markers whose work failed or ran out of budget; they stay for the next run. */
  left: number;
  /** Whether due markers may remain unread (the page budget ran out). */
  more: boolean;
}

const bucketName = (bucket: Bucket) => (bucket === 'documents' ? config.documentsBucket : config.assetsBucket);

/** Does a marker's work within `budget` deletions; true when all is done. */
async function finish(cleanup: Cleanup, budget: number): Promise<{ deleted: number; done: boolean }> {
  let deleted = 0;
  for (const object of cleanup.objects ?? []) {
    // S3 answers 204 for a key that is already gone.
    await s3.send(new DeleteObjectCommand({ Bucket: bucketName(object.bucket), Key: object.key }));
    deleted += 1;
  }
  for (const identity of cleanup.identities ?? []) {
    await deleteIdentity(identity);
    deleted += 1;
  }
  if (cleanup.reportReferences) await removeReferencesOfReport(cleanup.reportReferences);
  if (cleanup.ledger) {
    const ledger = await sweepLedgerVersions(cleanup.ledger.society, cleanup.ledger.versions, budget - deleted);
    return { deleted: deleted + ledger.deleted, done: ledger.done };
  }
  return { deleted, done: true };
}

export async function sweepGarbage(budget: SweepBudget = SWEEP_BUDGET, now = nowMs()): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { pages: 0, finished: 0, deleted: 0, left: 0, more: false };
  for (let shard = 0; shard < CLEANUP_SHARDS; shard += 1) {
    let start: Record<string, unknown> | undefined;
    do {
      if (outcome.pages >= budget.pages || outcome.deleted >= budget.items) {
        outcome.more = true;
        return outcome;
      }
      const page = await dueCleanups(shard, now, budget.pageSize, start);
      outcome.pages += 1;
      for (const cleanup of page.cleanups) {
        if (outcome.deleted >= budget.items) {
          outcome.more = true;
          return outcome;
        }
        try {
          if (!(await takeCleanup(cleanup))) continue;
          const work = await finish(cleanup, budget.items - outcome.deleted);
          outcome.deleted += work.deleted;
          if (!work.done) {
            outcome.left += 1;
            continue;
          }
          await removeCleanup(cleanup);
          outcome.finished += 1;
        } catch (error) {
          // One marker's failure (a service busy) does not stop the others; it stays for the next run.
          outcome.left += 1;
          logger.warn('Clean-up failed, left for the next run', { cleanup: cleanup.id, reason: (error as Error).name });
        }
      }
      start = page.next;
    } while (start);
  }
  return outcome;
}

/** The scheduled run. */
export async function handler(): Promise<SweepOutcome> {
  const outcome = await sweepGarbage();
  logger.info('garbage swept', { ...outcome });
  return outcome;
}
