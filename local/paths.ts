import { resolve } from 'node:path';

/** The repository root, from which local/ finds functions/, web/ and .local/. */
export const ROOT = resolve(import.meta.dirname, '..');
