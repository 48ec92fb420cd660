/**
 * The two import templates (design/accounting.md "An import format"), with example rows, downloaded as CSV files in
 * UTF-8 with BOM (so Excel in es-CL opens the accents right) and `;` as separator.
 */
export const CHART_TEMPLATE = [
  'cod_cta;nom_cta;clase;nivel1;nivel2;parent1;es_efectivo;flujo;imputable',
  '1.1.01;Caja;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Efectivo y equivalentes al efectivo;S;;S',
  '1.1.10;Clientes;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Deudores comerciales;N;cobros_clientes;S',
  '1.2.02;Maquinaria y equipos;ACTIVO;ACTIVO;ACTIVOS NO CORRIENTES;Propiedades, planta y equipo;N;compra_activo_fijo;S',
  '2.1.10;IVA débito fiscal;PASIVO;PASIVO;PASIVOS CORRIENTES;Pasivos por impuestos corrientes;N;impuestos;S',
  '2.2.01;Préstamo bancario largo plazo;PASIVO;PASIVO;PASIVOS NO CORRIENTES;Otros pasivos financieros;N;prestamos;S',
  '3.1.01;Capital pagado;PATRIMONIO;PATRIMONIO;PATRIMONIO;Capital emitido;N;aportes_dividendos;S',
  '4.1.01;Ventas;INGRESO;ESTADO DE RESULTADOS;INGRESOS DE EXPLOTACIÓN;Ingresos de actividades ordinarias;N;cobros_clientes;S',
  '5.2.01;Remuneraciones;GASTO;ESTADO DE RESULTADOS;GASTOS DE ADMINISTRACIÓN Y VENTAS;Gastos por beneficios a los empleados;N;remuneraciones;S',
].join('\r\n');

export const LEDGER_TEMPLATE = [
  'rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;nom_cta;debe;haber;glosa;fec_doc;rut_aux;tipo_doc;nro_doc;centro_costo;flujo;moneda;debe_me;haber_me;tipo_cambio',
  '76.123.456-0;AMBAS;2025-01-01;A;1;1;1.1.01;Caja;10.000.000;0;Asiento de apertura;;;;;;;;;;',
  '76.123.456-0;AMBAS;2025-01-01;A;1;2;3.1.01;Capital pagado;0;10.000.000;Asiento de apertura;;;;;;;;;;',
  '76.123.456-0;AMBAS;2025-01-15;T;2;1;1.1.10;Clientes;1.190.000;0;Factura 101;2025-01-15;77.234.567-8;33;101;;;;;;',
  '76.123.456-0;AMBAS;2025-01-15;T;2;2;4.1.01;Ventas;0;1.000.000;Factura 101;2025-01-15;77.234.567-8;33;101;;;;;;',
  '76.123.456-0;AMBAS;2025-01-15;T;2;3;2.1.10;IVA débito fiscal;0;190.000;Factura 101;2025-01-15;77.234.567-8;33;101;;;;;;',
  '76.123.456-0;AMBAS;2025-02-10;I;3;1;1.1.01;Caja;1.190.000;0;Cobro factura 101;2025-02-10;;;;;cobros_clientes;;;;',
  '76.123.456-0;AMBAS;2025-02-10;I;3;2;1.1.10;Clientes;0;1.190.000;Cobro factura 101;2025-02-10;;;;;cobros_clientes;;;;',
].join('\r\n');

export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
