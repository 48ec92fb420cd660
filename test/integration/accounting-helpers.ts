import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import * as accounting from '../../shared/contracts/accounting';
import { STATEMENT_FAMILIES, type StatementFamily } from '../../shared/contracts/accounting';
import type { ACCOUNTING_TYPES } from '../../shared/contracts/accounting-assignments';
import * as accountingAssignments from '../../shared/contracts/accounting-assignments';
import type { Contract } from '../../shared/contracts/define';
import { fillPath } from '../../shared/contracts/define';
import * as modules from '../../shared/contracts/modules';
import { type ApiCall, call } from '../helpers/api';
import { familyOf } from '../helpers/contract-inputs';
import { unique } from '../helpers/fresh';
import { newSociety } from '../helpers/societies';

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
    headers: { authorization: `Bearer ${token}`, 'x-portal-viewer-ip': '10.9.9.9' },
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

const TYPE_OF_FAMILY: Record<StatementFamily, (typeof ACCOUNTING_TYPES)[number]> = {
  balance8columns: 'BALANCE_8_COLUMNS',
  'financial-situation': 'FINANCIAL_SITUATION',
  'status-results': 'STATUS_RESULTS',
  cashflow: 'CASH_FLOWS',
};

const EVERY_ROLE = {
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
};

type Targets = { project_list?: string[]; group_list?: string[]; society_list?: string[] };

/** One accounting assignment (SUPER_ADMIN creates it in a module of its own), every role flag on unless told. */
export async function statementAssignment(
  superAdmin: string,
  family: StatementFamily,
  targets: Targets,
  flags: Partial<typeof EVERY_ROLE> = {},
): Promise<string> {
  const module = await call(modules.createModule, {
    token: superAdmin,
    body: { module_name: `Estados ${randomUUID().slice(0, 8)}`, module_type: 'ACCOUNTING' },
  });
  const created = await call(accountingAssignments.createAccountingAssignment, {
    token: superAdmin,
    body: {
      accounting_type: TYPE_OF_FAMILY[family],
      menu_name: `Estado ${randomUUID().slice(0, 8)}`,
      description: 'Prueba contable',
      module: module.body.uuid,
      ...EVERY_ROLE,
      ...flags,
      ...targets,
    },
  });
  if (created.status !== 201) throw new Error(`assignment: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.uuid;
}

/** The four statement assignments over the same targets, by family. */
export async function statementAssignments(superAdmin: string, targets: Targets) {
  const uuids = await Promise.all(STATEMENT_FAMILIES.map((f) => statementAssignment(superAdmin, f, targets)));
  return Object.fromEntries(STATEMENT_FAMILIES.map((f, i) => [f, uuids[i] as string])) as Record<
    StatementFamily,
    string
  >;
}

/**
 * A statement call opened through an assignment (the viewer's `assignment` query parameter): the family's own from
 * `assignments` unless the query names one.
 */
export const viewVia =
  (assignments: () => Record<StatementFamily, string>) =>
  <C extends Contract>(contract: C, options: ApiCall & { query?: Record<string, string | number> }) =>
    call(contract, {
      ...options,
      query: { assignment: assignments()[familyOf(contract) as StatementFamily], ...options.query },
    });

/**
 * A new society of the demo group Norte (grupo@demo.cl's), created by SUPER_ADMIN, with CHART_CSV imported by
 * `groupAdmin`: what a large-file import needs before its ledger.
 */
export async function societyWithChart(superAdmin: string, groupAdmin: string, name: string) {
  const created = await newSociety(superAdmin, inject('portal').demo.groups.norte, {
    society_business_name: `${name} ${unique()} SpA`,
    company_code: name.slice(0, 3).toUpperCase(),
  });
  const society = { uuid: created.uuid, rut: created.society_rut };
  const chart = await upload(
    accounting.importAccountingChart,
    groupAdmin,
    { society: society.uuid },
    {
      name: 'plan.csv',
      data: CHART_CSV,
    },
  );
  expect(chart.body.imported).toBe(true);
  return society;
}
