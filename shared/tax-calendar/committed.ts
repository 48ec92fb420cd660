import type { DeclarationRule, Holiday, TaxYearRules } from './rules';

/**
 * The committed rules of 2026 and 2027, with their sources. What is not confirmed is said in `sources`: the SUPER_ADMIN
 * corrects a year from the SII's published calendar (its screen saves a year of its own, which replaces this one).
 */

const COMMON_SOURCES = [
  'F29: día 12 del mes siguiente; día 20 para facturadores electrónicos que declaran y pagan por internet (SII, ' +
    'folleto de declaraciones mensuales; LibreDTE Academia F29).',
  'Plazo en sábado, domingo o feriado: pasa al día hábil siguiente (Código Tributario art. 10; SII Circular 47/2011).',
  'F50: cada impuesto tiene su día legal (SII Circular 37/2004); el día 12 general no está confirmado.',
  'Declaraciones juradas: fechas del año tributario 2025 (guía DDJJ 2025 de Defontana); las del año tributario ' +
    'de este año no están confirmadas: corrígelas con el calendario del SII.',
];

/** A year's sworn statements on the AT2025 days (month-day), the last ones confirmed. */
function declarations(year: number): DeclarationRule[] {
  const at = (md: string) => `${year}-${md}`;
  return [
    { number: '1835', name: 'Información de retenciones (rentas del art. 42 N°2)', due: at('03-25') },
    { number: '1879', name: 'Retenciones de honorarios (art. 42 N°2 y art. 48)', due: at('03-28') },
    { number: '1887', name: 'Sueldos y remuneraciones (art. 42 N°1)', due: at('03-28') },
    { number: '1837', name: 'Retenciones de impuesto adicional', due: at('05-16') },
    { number: '1847', name: 'Balance de ocho columnas', due: at('06-30') },
    { number: '1926', name: 'Base imponible de primera categoría y datos contables', due: at('06-30') },
  ];
}

const holidays2026: Holiday[] = [
  { date: '2026-01-01', name: 'Año Nuevo (irrenunciable)' },
  { date: '2026-04-03', name: 'Viernes Santo' },
  { date: '2026-04-04', name: 'Sábado Santo' },
  { date: '2026-05-01', name: 'Día Nacional del Trabajo (irrenunciable)' },
  { date: '2026-05-21', name: 'Día de las Glorias Navales' },
  { date: '2026-06-21', name: 'Día Nacional de los Pueblos Indígenas' },
  { date: '2026-06-29', name: 'San Pedro y San Pablo' },
  { date: '2026-07-16', name: 'Día de la Virgen del Carmen' },
  { date: '2026-08-15', name: 'Asunción de la Virgen' },
  { date: '2026-09-18', name: 'Independencia Nacional (irrenunciable)' },
  { date: '2026-09-19', name: 'Día de las Glorias del Ejército (irrenunciable)' },
  { date: '2026-10-12', name: 'Encuentro de Dos Mundos' },
  { date: '2026-10-31', name: 'Día de las Iglesias Evangélicas y Protestantes' },
  { date: '2026-11-01', name: 'Día de Todos los Santos' },
  { date: '2026-12-08', name: 'Inmaculada Concepción' },
  { date: '2026-12-25', name: 'Navidad (irrenunciable)' },
];

/** 2027: no official list was found; derived from the laws (see holidays.ts, whose tests check this list). */
const holidays2027: Holiday[] = [
  { date: '2027-01-01', name: 'Año Nuevo (irrenunciable)' },
  { date: '2027-03-26', name: 'Viernes Santo' },
  { date: '2027-03-27', name: 'Sábado Santo' },
  { date: '2027-05-01', name: 'Día Nacional del Trabajo (irrenunciable)' },
  { date: '2027-05-21', name: 'Día de las Glorias Navales' },
  { date: '2027-06-21', name: 'Día Nacional de los Pueblos Indígenas' },
  { date: '2027-06-28', name: 'San Pedro y San Pablo' },
  { date: '2027-07-16', name: 'Día de la Virgen del Carmen' },
  { date: '2027-08-15', name: 'Asunción de la Virgen' },
  { date: '2027-09-17', name: 'Feriado adicional de Fiestas Patrias' },
  { date: '2027-09-18', name: 'Independencia Nacional (irrenunciable)' },
  { date: '2027-09-19', name: 'Día de las Glorias del Ejército (irrenunciable)' },
  { date: '2027-10-11', name: 'Encuentro de Dos Mundos' },
  { date: '2027-10-31', name: 'Día de las Iglesias Evangélicas y Protestantes' },
  { date: '2027-11-01', name: 'Día de Todos los Santos' },
  { date: '2027-12-08', name: 'Inmaculada Concepción' },
  { date: '2027-12-25', name: 'Navidad (irrenunciable)' },
];

export const COMMITTED_RULES: Readonly<Record<number, TaxYearRules>> = {
  2026: {
    year: 2026,
    holidays: holidays2026,
    f29: { day: 12, online_day: 20 },
    f22: { due: '2026-04-30' },
    f50: { day: 12 },
    declarations: declarations(2026),
    sources: [
      ...COMMON_SOURCES,
      'Feriados 2026: listas publicadas (ADN, El Mostrador, Puranoticia); regionales (7 de junio Arica y ' +
        'Parinacota, 20 de agosto Chillán) fuera de la lista.',
      'F22 2026: pago hasta el 30 de abril (devoluciones hasta el 9 de mayo); un decreto puede prorrogarlo.',
    ],
  },
  2027: {
    year: 2027,
    holidays: holidays2027,
    f29: { day: 12, online_day: 20 },
    f22: { due: '2027-04-30' },
    f50: { day: 12 },
    declarations: declarations(2027),
    sources: [
      ...COMMON_SOURCES,
      'Feriados 2027: calculados con las leyes 19.668, 20.299, 20.983 y 21.357 y el Código del Trabajo art. 35 ' +
        '(sin lista oficial encontrada; sin confirmar). Los días de elecciones no están incluidos.',
      'F22 2027: 30 de abril, como cada año (sin confirmar).',
    ],
  },
};
