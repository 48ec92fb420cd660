/**
 * The accounting model (design/accounting.md): a chart of accounts per society and one ledger whose lines
 * are tagged TRBT, IFRS or AMBAS. Amounts are whole pesos (integers); USD statements use whole cents internally.
 */
export const ACCOUNT_CLASSES = ['ACTIVO', 'PASIVO', 'PATRIMONIO', 'INGRESO', 'GASTO'] as const;
export type AccountClass = (typeof ACCOUNT_CLASSES)[number];

/** The headings of the statement of financial position (spec §2, "Financial position"). */
export const NIVEL2_BALANCE = [
  'ACTIVOS CORRIENTES',
  'ACTIVOS NO CORRIENTES',
  'PASIVOS CORRIENTES',
  'PASIVOS NO CORRIENTES',
  'PATRIMONIO',
] as const;

export const LINE_TAGS = ['TRBT', 'IFRS', 'AMBAS'] as const;
export type LineTag = (typeof LINE_TAGS)[number];
/** A statement's basis: lines tagged with it or AMBAS. */
export const RULES = ['IFRS', 'TRBT'] as const;
export type Rule = (typeof RULES)[number];
export const tagsOf = (rule: Rule): LineTag[] => [rule, 'AMBAS'];

/** Voucher types: apertura, ingreso, egreso, traspaso, cierre. */
export const VOUCHER_TYPES = ['A', 'I', 'E', 'T', 'C'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export interface ChartAccount {
  cod_cta: string;
  nom_cta: string;
  clase: AccountClass;
  nivel1: string;
  nivel2: string;
  parent1: string;
  es_efectivo: boolean;
  flujo: string;
  imputable: boolean;
}

export interface LedgerLine {
  base: LineTag;
  /** YYYY-MM-DD */
  fecha: string;
  tipo_comp: VoucherType;
  nro_comp: string;
  linea: number;
  cod_cta: string;
  debe: number;
  haber: number;
  glosa: string;
  fec_doc: string;
  flujo: string;
}

/** One (tag, month) slice of a ledger: what an import replaces whole. Key `IFRS#2024-03`. */
export type SliceKey = string;
export const sliceKey = (tag: LineTag, month: string): SliceKey => `${tag}#${month}`;
export const sliceOf = (key: SliceKey) => {
  const [tag, month] = key.split('#') as [LineTag, string];
  return { tag, month };
};

/** Debits and credits of one account in one month. */
export type Movement = [debe: number, haber: number];

/** The monthly aggregate of one slice: every account's movement, and the direct-method cash flow by line. */
export interface MonthAggregate {
  accounts: Record<string, Movement>;
  /** Net cash by cash-flow line (positive: money in). The opening entry and cash-to-cash transfers are left out. */
  flows: Record<string, number>;
  /** Change of the cash accounts in the month (opening entry left out); equals Σ flows. */
  cash_change: number;
  /** Opening balance of the cash accounts (only the opening entry's cash lines). */
  cash_opening: number;
}

export const UNCLASSIFIED_FLOW = 'sin_clasificar';
