import { describe, expect, it } from 'vitest';
import { statementFileName } from './format';

describe('statement downloads', () => {
  it('are named by statement, company and period, in Spanish', () => {
    expect(statementFileName('Estado de situación financiera', 'Minera Atacama SpA', '2025-12')).toBe(
      'estado-de-situacion-financiera-minera-atacama-spa-2025-12',
    );
    expect(statementFileName('Estado de flujo de efectivo', undefined, '2025-01')).toBe(
      'estado-de-flujo-de-efectivo-2025-01',
    );
  });
});
