import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { formatDay } from '../../shared/day';
import { COMMITTED_RULES } from '../../shared/tax-calendar/committed';
import { derivedHolidays } from '../../shared/tax-calendar/holidays';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { clickNav, launchBrowser, newPage, signInWithCookies } from '../helpers/browser';

/**
 * 'Reglas tributarias' (/admin/tax-rules): the SUPER_ADMIN reaches it from /home through the admin panel, adds a
 * holiday to next year on the 20th of a month (the day online F29 falls due), and the society's calendar shows that
 * F29 moved to the next business day; at 375 px it takes the holiday out again and the deadline is back. A year
 * without values starts from the previous year's.
 */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Next year (the calendar's and the rules screen's year lists both offer it), whatever today is. */
const YEAR = new Date().getFullYear() + 1;
const pad = (n: number) => String(n).padStart(2, '0');
/**
 * A month whose 20th is a Monday to Thursday and, like the 21st, no holiday by the laws: a holiday there moves the
 * online F29 due that day to the 21st. The F29 due in month m is the one of month m-1 (February on: the January one
 * belongs to last year's period December).
 */
const MONTH = (() => {
  const holidays = new Set(derivedHolidays(YEAR));
  for (let m = 2; m <= 12; m += 1) {
    const day = `${YEAR}-${pad(m)}-20`;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 4 && !holidays.has(day) && !holidays.has(`${YEAR}-${pad(m)}-21`)) return m;
  }
  throw new Error(`no month of ${YEAR} fits`);
})();
const HOLIDAY = `${YEAR}-${pad(MONTH)}-20`;
const MOVED_TO = `${YEAR}-${pad(MONTH)}-21`;
const F29_ROW = `[data-obligation="F29#${YEAR}-${pad(MONTH - 1)}"]`;
const HOLIDAY_NAME = 'Feriado de prueba del calendario';

/** The client's calendar of next year (sociedad@demo.cl files F29 online: day 20), reached from /home at 375 px. */
async function clientF29Due(): Promise<string> {
  const { context, page } = await newPage(browser, { viewport: { width: 375, height: 800 } });
  try {
    await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
    await page.goto(`${webUrl}/home`);
    await page.getByTestId('home-tax-month').getByRole('link', { name: 'Ver calendario tributario' }).click();
    await page.getByLabel('Año', { exact: true }).selectOption(String(YEAR));
    const row = page.locator(F29_ROW);
    await row.waitFor();
    return ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim();
  } finally {
    await context.close();
  }
}

async function pickYear(page: Page, year: number) {
  await page.getByLabel('Año', { exact: true }).selectOption(String(year));
  await page.getByRole('form', { name: `Guardar reglas de ${year}` }).waitFor();
}

describe('Reglas tributarias', () => {
  test('the SUPER_ADMIN adds a holiday from the admin panel at 1366 px, and the society’s F29 moves', async () => {
    // A year with no committed values has no calendar until one is saved.
    if (COMMITTED_RULES[YEAR]) expect(await clientF29Due()).toBe(formatDay(HOLIDAY));

    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/home`);
      await clickNav(page, 'Panel de administración');
      await clickNav(page, 'Reglas tributarias');
      await page.getByRole('heading', { name: 'Reglas tributarias' }).waitFor();
      await pickYear(page, YEAR);
      const origin = page.getByTestId('tax-rules-origin');
      await origin
        .getByText(
          COMMITTED_RULES[YEAR]
            ? 'Son los valores incluidos en el portal, con sus fuentes.'
            : `Este año aún no tiene valores. El formulario parte de los de ${YEAR - 1}`,
          { exact: false },
        )
        .waitFor();
      const form = page.getByRole('form', { name: `Guardar reglas de ${YEAR}` });
      const save = form.getByRole('button', { name: `Guardar reglas de ${YEAR}` });
      expect(await form.getByLabel(/^Fuente \d+$/).count()).toBeGreaterThan(0);

      const rows = await form.getByLabel(/^Fecha del feriado \d+$/).count();
      await form.getByRole('button', { name: 'Agregar feriado' }).click();
      const date = form.getByLabel(`Fecha del feriado ${rows + 1}`, { exact: true });
      const name = form.getByLabel(`Nombre del feriado ${rows + 1}`, { exact: true });
      await expect.poll(() => date.evaluate((el) => el === document.activeElement)).toBe(true);
      // An empty row: saving waits, and a name typed then cleared says what is missing.
      expect(await save.isDisabled()).toBe(true);
      await form.getByText('Para guardar, completa las filas vacías y corrige lo marcado.').waitFor();
      await date.fill(HOLIDAY);
      await name.fill('x');
      await name.fill('');
      await form.getByText('Escribe el nombre del feriado.').waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      await name.fill(HOLIDAY_NAME);
      await expectFitsAndAccessible(page, 'tax-rules-1366');

      await save.click();
      await page.getByText(`Reglas de ${YEAR} guardadas. El calendario de las sociedades ya las usa.`).waitFor();
      await origin.getByText('Los guardó un super administrador. Última actualización:', { exact: false }).waitFor();
      expect(await name.inputValue()).toBe(HOLIDAY_NAME);
    } finally {
      await context.close();
    }

    expect(await clientF29Due()).toBe(`${formatDay(MOVED_TO)} (plazo legal ${formatDay(HOLIDAY)})`);
  });

  test('at 375 px the SUPER_ADMIN takes the holiday out again, and a year without values starts from the previous one', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/tax-rules?year=${YEAR}`);
      const form = page.getByRole('form', { name: `Guardar reglas de ${YEAR}` });
      const remove = form.getByRole('button', { name: new RegExp(`^Quitar el feriado \\d+: ${HOLIDAY_NAME}$`) });
      await remove.waitFor();
      await expectFitsAndAccessible(page, 'tax-rules-375');
      await remove.click();
      expect(await form.getByText(HOLIDAY_NAME).count()).toBe(0);
      await form.getByRole('button', { name: `Guardar reglas de ${YEAR}` }).click();
      await page.getByText(`Reglas de ${YEAR} guardadas.`, { exact: false }).waitFor();

      // The year after has no values yet: its form holds next year's, carried to its days, and nothing is saved.
      await pickYear(page, YEAR + 1);
      await page
        .getByTestId('tax-rules-origin')
        .getByText(`El formulario parte de los de ${YEAR}, con sus fechas llevadas a ${YEAR + 1}`, { exact: false })
        .waitFor();
      const next = page.getByRole('form', { name: `Guardar reglas de ${YEAR + 1}` });
      expect(await next.getByLabel('Fecha del feriado 1', { exact: true }).inputValue()).toBe(`${YEAR + 1}-01-01`);
      expect(await next.getByLabel('F22: fecha de vencimiento').inputValue()).toMatch(new RegExp(`^${YEAR + 1}-`));
      await expectFitsAndAccessible(page, 'tax-rules-next-year-375');
    } finally {
      await context.close();
    }

    expect(await clientF29Due()).toBe(formatDay(HOLIDAY));
  });
});
