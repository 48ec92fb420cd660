import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { BudgetExceeded, type FileBudget, UnreadableFileError } from './budget';

/**
 * Unzips the entries of an archive a reader needs, within a budget: the central directory is read first,
 * without inflating anything (entry count, each entry's declared sizes and ratio, their total), then the entries are
 * inflated 16 KB of input at a time and the bytes that come out are counted: an entry that inflates past what the
 * directory declared, or a total past the budget, stops the reading at once. A declared size can lie; the count cannot.
 */
type ZipBudget = Pick<FileBudget, 'maxBytes' | 'maxEntries' | 'maxInflatedBytes' | 'maxRatio'>;

/** Input fed to the inflater per step: deflate's ratio is at most ~1:1032, so one step yields at most ~4 MB. */
const STEP = 4 * 1024;
/** Parts smaller than this inflate to little whatever their ratio (an XML part of a few KB compresses 1:20 and more). */
const RATIO_FLOOR = 1024 * 1024;

interface Declared {
  size: number;
  originalSize: number;
}

/** The directory's entries by name, read without inflating any. */
function readDirectory(data: Uint8Array, budget: ZipBudget): Map<string, Declared> {
  const entries = new Map<string, Declared>();
  try {
    unzipSync(data, {
      filter: (file) => {
        if (entries.size >= budget.maxEntries) throw new BudgetExceeded('entries', budget.maxEntries);
        if (entries.has(file.name)) throw new UnreadableFileError(`duplicate entry ${file.name}`);
        if (file.compression !== 0 && file.compression !== 8) throw new UnreadableFileError('unknown compression');
        entries.set(file.name, { size: file.size, originalSize: file.originalSize });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof BudgetExceeded || error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(`not a zip archive: ${(error as Error).message}`);
  }
  return entries;
}

/** The entries `wanted` keeps, inflated, or BudgetExceeded / UnreadableFileError before the budget is spent. */
export function unzipWithin(
  data: Uint8Array,
  budget: ZipBudget,
  wanted: (name: string) => boolean,
): Record<string, Uint8Array> {
  if (data.length > budget.maxBytes) throw new BudgetExceeded('bytes', budget.maxBytes);
  const directory = readDirectory(data, budget);
  let declaredTotal = 0;
  for (const [name, entry] of directory) {
    if (!wanted(name)) continue;
    declaredTotal += entry.originalSize;
    if (declaredTotal > budget.maxInflatedBytes) throw new BudgetExceeded('inflated', budget.maxInflatedBytes);
  }
  for (const [name, entry] of directory) {
    if (wanted(name) && entry.originalSize > RATIO_FLOOR && entry.originalSize > entry.size * budget.maxRatio) {
      throw new BudgetExceeded('ratio', budget.maxRatio);
    }
  }

  const files: Record<string, Uint8Array> = {};
  let inflated = 0;
  let seen = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (failure) return;
    seen += 1;
    const declared = directory.get(file.name);
    // The local headers must name what the directory vetted, no more.
    if (seen > directory.size || !declared) {
      failure = new UnreadableFileError(`entry ${file.name} is not in the directory`);
      return;
    }
    if (!wanted(file.name)) return; // never started: its data is skipped, not inflated
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new UnreadableFileError(error.message);
        return;
      }
      size += chunk.length;
      inflated += chunk.length;
      if (size > declared.originalSize) failure = new BudgetExceeded('declared', declared.originalSize);
      else if (inflated > budget.maxInflatedBytes) failure = new BudgetExceeded('inflated', budget.maxInflatedBytes);
      if (failure) return;
      chunks.push(chunk);
      if (final) files[file.name] = join(chunks, size);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < data.length && !failure; offset += STEP) {
      unzip.push(data.subarray(offset, offset + STEP), offset + STEP >= data.length);
    }
  } catch (error) {
    failure ??= new UnreadableFileError(`broken archive: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  return files;
}

function join(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
