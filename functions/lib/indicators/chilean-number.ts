import { ProviderError } from './provider';

/**
 * Numbers as CMF writes them (design/indicators.md): '29.061,89', a dot for thousands and a comma for decimals, an
 * optional sign ('-0,5'). Anything else is refused rather than guessed: '29,061.89' is not read as 29.06189.
 */
const CHILEAN_NUMBER = /^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/;

export function parseChileanNumber(text: string): number {
  const trimmed = text.trim();
  if (!CHILEAN_NUMBER.test(trimmed)) throw new ProviderError(`not a Chilean-format number: '${text}'`);
  return Number(trimmed.replaceAll('.', '').replace(',', '.'));
}
