import { randomUUID } from 'node:crypto';
import { nowMs } from './clock';
import {
  type Cleanup,
  claimCleanupWrite,
  cleanupId,
  cleanupWrite,
  putCleanup,
  REQUEST_GRACE_MS,
  settleCleanup,
} from './data/cleanups';
import type { TxWrite } from './data/tx-write';
import { conflict } from './errors';
import { deleteAsset, imageKey, putImage } from './files';
import type { UploadedFile } from './uploaded-file';

/**
 * Branding images and avatars, stored before the transaction that uses them and replacing others after it
 * (docs/decisions/multi-step-writes.md). A marker names the new keys before they are stored; the transaction removes
 * it and writes one naming the images it replaces, which go after it. A stop anywhere leaves the old record plus new
 * images, or the new record plus replaced images: either way garbage a marker names, for the sweeper.
 */
export async function storeImages(
  owner: { entity: 'PROJECT' | 'REPORT' | 'USER'; uuid: string },
  prefix: string,
  files: UploadedFile[],
) {
  const write = randomUUID();
  const due = nowMs() + REQUEST_GRACE_MS;
  const stored = files.map((file) => ({ field: file.field, key: imageKey(prefix, file), file }));
  const added: Cleanup = {
    id: cleanupId(owner.entity, owner.uuid, `IMAGES#${write}`),
    due,
    objects: stored.map((s) => ({ bucket: 'assets', key: s.key })),
  };
  if (stored.length > 0) {
    await putCleanup(added);
    for (const s of stored) await putImage(s.key, s.file);
  }
  let replaced: Cleanup | undefined;
  return {
    /** The new images' keys by form field. */
    keys: Object.fromEntries(stored.map((s) => [s.field, s.key])) as Record<string, string | undefined>,
    /** The transaction's part: the new images go live; `old`, the images the change replaces, become garbage. */
    writes(old: Array<string | null | undefined>): TxWrite[] {
      const gone = old.filter((key): key is string => Boolean(key));
      replaced =
        gone.length > 0
          ? {
              id: cleanupId(owner.entity, owner.uuid, `REPLACED#${write}`),
              due,
              objects: gone.map((key) => ({ bucket: 'assets', key })),
            }
          : undefined;
      return [
        ...(stored.length > 0 ? [claimCleanupWrite(added, () => conflict('DATA_CONFLICT'))] : []),
        ...(replaced ? [cleanupWrite(replaced)] : []),
      ];
    },
    /** After a failed transaction: the new images go (or, failing that, with the sweep). */
    async discard(): Promise<void> {
      if (stored.length > 0) await settleCleanup(added, () => Promise.all(stored.map((s) => deleteAsset(s.key))));
    },
    /** After the transaction: the replaced images go (or, failing that, with the sweep). */
    async finish(): Promise<void> {
      const done = replaced;
      if (done) await settleCleanup(done, () => Promise.all((done.objects ?? []).map((o) => deleteAsset(o.key))));
    },
  };
}
