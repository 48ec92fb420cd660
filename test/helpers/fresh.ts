import { randomUUID } from 'node:crypto';
import { rutCheckDigit } from '../../shared/rut';

/** A short random tag for names, so files running side by side on one portal never meet each other's rows. */
export const unique = () => randomUUID().slice(0, 8);

let rutSeed = 10_000_000 + Math.floor(Math.random() * 80_000_000);
/** A valid RUT no other test of this run has used: a random start per worker, then the next one each call. */
export const freshRut = () => {
  rutSeed += 1;
  return `${rutSeed}-${rutCheckDigit(String(rutSeed))}`;
};

/** An e-mail address nobody has yet, `tag` saying in the mail viewer which test made it. */
export const newEmail = (tag: string) => `${tag}-${unique()}@prueba.cl`;
