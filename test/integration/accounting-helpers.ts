import { inject } from 'vitest';
import type { Contract } from '../../shared/contracts/define';
import { fillPath } from '../../shared/contracts/define';

/** Multipart upload of one file (the ledger and chart imports), as the browser sends it. */
export async function upload(
  contract: Contract,
  token: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer | string; type?: string },
) {
  const { apiUrl } = inject('portal');
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const bytes = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file.type ?? 'text/csv' }), file.name);
  const response = await fetch(`${apiUrl}/${fillPath(contract.path)}`, {
    method: contract.method,
    headers: { authorization: `Bearer ${token}`, 'cloudfront-viewer-address': '10.9.9.9:443' },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export const CHART_CSV = [
  'cod_cta;nom_cta;clase;nivel1;nivel2;parent1;es_efectivo;flujo;imputable',
  '1.1.01;Caja;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Efectivo y equivalentes;S;;S',
  '1.1.10;Clientes;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Deudores comerciales;N;cobros_clientes;S',
  '1.1.20;IVA crédito fiscal;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Impuestos por recuperar;N;impuestos;S',
  '2.1.10;IVA débito fiscal;PASIVO;PASIVO;PASIVOS CORRIENTES;Impuestos por pagar;N;impuestos;S',
  '2.1.20;Proveedores;PASIVO;PASIVO;PASIVOS CORRIENTES;Acreedores comerciales;N;pagos_proveedores;S',
  '3.1.01;Capital;PATRIMONIO;PATRIMONIO;PATRIMONIO;Capital emitido;N;aportes_dividendos;S',
  '4.1.01;Ventas;INGRESO;RESULTADO;INGRESOS DE EXPLOTACIÓN;Ingresos ordinarios;N;cobros_clientes;S',
  '5.1.01;Costo de ventas;GASTO;RESULTADO;COSTOS DE EXPLOTACIÓN;Costo de ventas;N;pagos_proveedores;S',
].join('\n');

/**
 * A small ledger worked by hand (the expectations in accounting.test.ts come from it, not from the code):
 *  A-1 2019-01-01 AMBAS  Caja D 10.000.000 / Capital H 10.000.000
 *  T-2 2019-01-15 AMBAS  Clientes D 1.190.000 / Ventas H 1.000.000 / IVA débito H 190.000
 *  I-3 2019-02-10 AMBAS  Caja D 1.190.000 / Clientes H 1.190.000
 *  T-4 2019-02-20 IFRS   Costo de ventas D 400.000 / Proveedores H 400.000
 *  E-5 2019-03-05 TRBT   Costo de ventas D 300.000 / Caja H 300.000
 */
export const ledgerCsv = (rut: string) =>
  [
    'rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;nom_cta;debe;haber;glosa;fec_doc',
    `${rut};AMBAS;2019-01-01;A;1;1;1.1.01;Caja;10.000.000;0;Apertura;`,
    `${rut};AMBAS;2019-01-01;A;1;2;3.1.01;Capital;0;10.000.000;Apertura;`,
    `${rut};AMBAS;2019-01-15;T;2;1;1.1.10;Clientes;1.190.000;0;Factura 101;2019-01-15`,
    `${rut};AMBAS;2019-01-15;T;2;2;4.1.01;Ventas;0;1.000.000;Factura 101;2019-01-15`,
    `${rut};AMBAS;2019-01-15;T;2;3;2.1.10;IVA débito fiscal;0;190.000;Factura 101;2019-01-15`,
    `${rut};AMBAS;2019-02-10;I;3;1;1.1.01;Caja;1.190.000;0;Cobro factura 101;2019-02-10`,
    `${rut};AMBAS;2019-02-10;I;3;2;1.1.10;Clientes;0;1.190.000;Cobro factura 101;2019-02-10`,
    `${rut};IFRS;2019-02-20;T;4;1;5.1.01;Costo de ventas;400.000;0;Costo estimado;`,
    `${rut};IFRS;2019-02-20;T;4;2;2.1.20;Proveedores;0;400.000;Costo estimado;`,
    `${rut};TRBT;2019-03-05;E;5;1;5.1.01;Costo de ventas;300.000;0;Compra al contado;2019-03-05`,
    `${rut};TRBT;2019-03-05;E;5;2;1.1.01;Caja;0;300.000;Compra al contado;2019-03-05`,
  ].join('\n');
