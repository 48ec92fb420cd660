import type { ArticleRecord } from '../data/chatbot-articles';

/**
 * The shared articles a new portal starts with: short Spanish articles on Chilean taxes written for this portal. They
 * describe the general rules; each one sends the reader to the SII for a particular case. The SUPER_ADMIN keeps them
 * from then on (and firms add their own): rates and deadlines change with the law (the honorarium retention rises
 * until 2028). `summary` becomes the article's first paragraph, the answer retrieval alone gives; `keywords` its
 * closing line of related words, which help a question find it.
 */
interface StarterArticle {
  id: string;
  uuid: string;
  title: string;
  keywords: string;
  summary: string;
  body: string;
  source: string;
}

const SII = 'Servicio de Impuestos Internos (sii.cl)';
const INDICES = 'Banco Central de Chile, INE y Servicio de Impuestos Internos';

const STARTERS: readonly Omit<StarterArticle, 'uuid' | 'source'>[] = [
  {
    id: 'f29',
    title: 'Formulario 29: declaración mensual de IVA y otros impuestos',
    keywords: 'F29 formulario 29 declaración mensual pago simultáneo IVA PPM retenciones sin movimiento vencimiento',
    summary:
      'El Formulario 29 es la declaración mensual y pago simultáneo de impuestos: en él se declaran el IVA (débito y ' +
      'crédito fiscal), los PPM y las retenciones, como las de boletas de honorarios. Se presenta cada mes por el ' +
      'período anterior: en general hasta el día 12 del mes siguiente, o hasta el día 20 si emites facturas ' +
      'electrónicas y declaras por internet.',
    body:
      'El F29 se presenta en el sitio del SII. Si el último día del plazo cae en sábado, domingo o festivo, se ' +
      'traslada al siguiente día hábil. Un contribuyente de IVA que no tuvo operaciones en el mes igualmente debe ' +
      'presentarlo, declarándolo "sin movimiento". Declarar o pagar fuera de plazo genera reajustes, intereses y ' +
      'multas. Si el crédito fiscal del mes supera al débito, el remanente se arrastra al mes siguiente, reajustado ' +
      'según la variación de la UTM.',
  },
  {
    id: 'f22',
    title: 'Formulario 22: declaración anual de impuestos a la renta',
    keywords: 'F22 formulario 22 declaración anual renta operación renta abril devolución global complementario',
    summary:
      'El Formulario 22 es la declaración anual de impuestos a la renta. Se presenta en abril de cada año (la ' +
      '"Operación Renta"), por las rentas del año calendario anterior; el plazo general vence el 30 de abril.',
    body:
      'En el F22 se determinan, entre otros, el Impuesto de Primera Categoría de las empresas y el Impuesto Global ' +
      'Complementario de las personas. Allí se imputan los PPM pagados durante el año y las retenciones de boletas ' +
      'de honorarios: si lo pagado en el año supera el impuesto, el SII devuelve la diferencia; si no alcanza, se ' +
      'paga el saldo. El SII pone a disposición una propuesta de declaración que conviene revisar antes de enviarla.',
  },
  {
    id: 'f50',
    title: 'Formulario 50: declaración mensual de otros impuestos',
    keywords: 'F50 formulario 50 impuesto adicional retención no residentes timbres estampillas declaración mensual',
    summary:
      'El Formulario 50 es una declaración mensual y pago simultáneo para impuestos que no van en el F29, como las ' +
      'retenciones de Impuesto Adicional por pagos a personas sin domicilio ni residencia en Chile y el Impuesto de ' +
      'Timbres y Estampillas. Se presenta en general hasta el día 12 del mes siguiente al de la operación.',
    body:
      'Lo presenta quien debe retener o enterar el impuesto, por el mes en que se pagó, abonó en cuenta o puso a ' +
      'disposición la renta. Igual que el F29, se presenta en el sitio del SII y el pago fuera de plazo genera ' +
      'reajustes, intereses y multas. Conviene revisar en el SII los códigos que corresponden a cada operación.',
  },
  {
    id: 'iva',
    title: 'IVA: impuesto al valor agregado',
    keywords: 'IVA impuesto valor agregado 19% débito fiscal crédito fiscal factura compras ventas remanente',
    summary:
      'El IVA grava las ventas de bienes y la prestación de servicios con una tasa de 19%. Cada mes se declara en el ' +
      'F29: el débito fiscal (el IVA de tus ventas) menos el crédito fiscal (el IVA de tus compras con factura); si ' +
      'el resultado es positivo se paga, y si es negativo queda un remanente para el mes siguiente.',
    body:
      'El crédito fiscal solo procede por compras respaldadas con facturas u otros documentos válidos y ' +
      'relacionadas con el giro. Las ventas y servicios exentos no generan débito fiscal. El IVA se declara y paga ' +
      'en el Formulario 29 dentro del plazo mensual (día 12, o día 20 para facturadores electrónicos que declaran ' +
      'por internet).',
  },
  {
    id: 'ppm',
    title: 'PPM: pagos provisionales mensuales',
    keywords: 'PPM pagos provisionales mensuales anticipo impuesto renta tasa ingresos brutos devolución',
    summary:
      'Los PPM son pagos a cuenta del impuesto anual a la renta: cada mes se paga un porcentaje de los ingresos ' +
      'brutos del período en el Formulario 29. En la declaración anual (F22) se descuentan del impuesto y, si ' +
      'exceden lo que corresponde pagar, se devuelven.',
    body:
      'La tasa de PPM depende del régimen tributario de la empresa y de sus resultados; se informa en el mismo F29. ' +
      'Las personas que emiten boletas de honorarios a quienes no retienen pueden hacer PPM voluntarios para no ' +
      'acumular un pago grande en abril. Un PPM mal calculado se corrige en una declaración rectificatoria.',
  },
  {
    id: 'boletas-honorarios',
    title: 'Boletas de honorarios y su retención',
    keywords:
      'boleta de honorarios boletas honorarios retención 15,25% independiente trabajador segunda categoría retenedor',
    summary:
      'Las boletas de honorarios las emiten los trabajadores independientes por sus servicios, en el sitio del SII. ' +
      'Cuando las paga una empresa, esta retiene un porcentaje del monto bruto y lo entera en su F29: 15,25% en 2026 ' +
      '(la tasa sube gradualmente hasta 17% en 2028). Si quien paga no retiene, el emisor puede pagar ese monto.',
    body:
      'La retención es un anticipo del impuesto anual del independiente y también financia sus cotizaciones de ' +
      'seguridad social. En la Operación Renta (F22) las retenciones se imputan al impuesto y a las cotizaciones; el ' +
      'saldo se devuelve o se paga. Las tasas de retención por año son: 13,75% en 2024, 14,5% en 2025, 15,25% en ' +
      '2026, 16% en 2027 y 17% desde 2028.',
  },
  {
    id: 'uf',
    title: 'UF: unidad de fomento',
    keywords: 'UF unidad de fomento valor diario reajuste IPC Banco Central crédito hipotecario arriendo',
    summary:
      'La UF es una unidad de cuenta que se reajusta según la inflación (IPC). Tiene un valor para cada día: entre el ' +
      'día 10 de un mes y el día 9 del siguiente, su valor avanza día a día según la variación del IPC del mes ' +
      'anterior. Se usa en créditos hipotecarios, arriendos y contratos para mantener su valor real.',
    body:
      'El Banco Central de Chile calcula y publica los valores de la UF, con la variación del IPC que informa el INE. ' +
      'Como el IPC se conoce al inicio de cada mes, los valores de la UF del período siguiente se conocen por ' +
      'anticipado. Si el IPC del mes fue negativo, la UF baja en el período correspondiente.',
  },
  {
    id: 'utm',
    title: 'UTM: unidad tributaria mensual',
    keywords: 'UTM unidad tributaria mensual UTA anual multas tramos impuesto reajuste IPC',
    summary:
      'La UTM es la unidad tributaria mensual: tiene un valor por mes, reajustado según el IPC, y se usa para ' +
      'expresar multas, tramos de impuestos y límites tributarios. La UTA (unidad tributaria anual) equivale a doce ' +
      'veces la UTM vigente en el último mes del año comercial.',
    body:
      'El valor de la UTM de cada mes se obtiene reajustando el del mes anterior por la variación del IPC de dos ' +
      'meses antes, y lo publica el SII. Por ejemplo, los tramos del Impuesto Único de Segunda Categoría se expresan ' +
      'en UTM y los del Global Complementario en UTA.',
  },
  {
    id: 'plazos',
    title: 'Plazos tributarios habituales',
    keywords:
      'plazos vencimientos calendario tributario fecha límite cuándo declarar día 12 día 20 abril marzo declaraciones juradas',
    summary:
      'Los plazos más habituales: el F29 y el F50 se presentan cada mes, hasta el día 12 del mes siguiente (el F29 ' +
      'hasta el día 20 para facturadores electrónicos que declaran por internet); el F22 de renta se presenta en ' +
      'abril, hasta el 30; la mayoría de las declaraciones juradas anuales vencen en marzo.',
    body:
      'Cuando un plazo vence en sábado, domingo o festivo se traslada al siguiente día hábil. El SII publica cada año ' +
      'su calendario con las fechas exactas de cada declaración jurada. Las cotizaciones previsionales de los ' +
      'trabajadores se pagan hasta el día 10 del mes siguiente, o hasta el día 13 si se pagan electrónicamente.',
  },
  {
    id: 'ipc',
    title: 'IPC: índice de precios al consumidor',
    keywords: 'IPC índice precios consumidor inflación INE variación mensual reajuste',
    summary:
      'El IPC mide la variación mensual de los precios de una canasta de bienes y servicios que consumen los hogares; ' +
      'lo publica el INE a comienzos de cada mes por el mes anterior. De él dependen los reajustes de la UF y la UTM.',
    body:
      'Muchos contratos y montos tributarios se reajustan por IPC: la UF lo incorpora día a día y la UTM mes a mes. ' +
      'Una variación negativa hace bajar la UF en el período siguiente.',
  },
];

/** Fixed ids, so writing the starters again (each deploy's first run, each `npm start`) finds them already there. */
const STARTER_IDS: Record<string, [uuid: string, source: string]> = {
  f29: ['0b6f1d0e-29a1-4c29-9f29-000000000029', SII],
  f22: ['0b6f1d0e-22a1-4c22-9f22-000000000022', SII],
  f50: ['0b6f1d0e-50a1-4c50-9f50-000000000050', SII],
  iva: ['0b6f1d0e-1a00-4a00-9a00-000000000001', SII],
  ppm: ['0b6f1d0e-2b00-4b00-9b00-000000000002', SII],
  'boletas-honorarios': ['0b6f1d0e-3c00-4c00-9c00-000000000003', SII],
  uf: ['0b6f1d0e-4d00-4d00-9d00-000000000004', INDICES],
  utm: ['0b6f1d0e-5e00-4e00-9e00-000000000005', INDICES],
  plazos: ['0b6f1d0e-6f00-4f00-9f00-000000000006', SII],
  ipc: ['0b6f1d0e-7a00-4a00-9a00-000000000007', INDICES],
};

/** The starters as shared articles of the table. */
export function starterArticles(updated: string): ArticleRecord[] {
  return STARTERS.map((starter) => {
    const [id, source] = STARTER_IDS[starter.id] as [string, string];
    const body = `${starter.summary}\n\n${starter.body}\n\nTemas: ${starter.keywords}.`;
    return { id, project: null, title: starter.title, body, source, updated };
  });
}
