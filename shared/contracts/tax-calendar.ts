import * as z from 'zod/mini';
import { defineContract } from './define';
import { uuidSchema } from './fields';

/**
 * The tax calendar (an addition beyond the spec, README): per society the obligations of the Chilean calendar with
 * their deadlines (shared/tax-calendar), each one's state, and the filed form; the rules and holidays of each year
 * as data the SUPER_ADMIN may replace.
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

export const FIRST_CALENDAR_YEAR = 2020;
export const LAST_CALENDAR_YEAR = 2100;
const yearSchema = z.coerce.number().check(z.int(), z.minimum(FIRST_CALENDAR_YEAR), z.maximum(LAST_CALENDAR_YEAR));

/** A real calendar day, YYYY-MM-DD. */
const isRealDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day);
};
const daySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FORMAT_ERROR' }), z.refine(isRealDay));
const dayOfMonth = z.number().check(z.int(), z.minimum(1), z.maximum(31));
const label = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const djNumber = z.string().check(z.regex(/^\d{4}$/, { error: 'FORMAT_ERROR' }));

/** How many rows a year's lists hold at most (the SUPER_ADMIN's screen stops adding rows there). */
export const RULES_LIMITS = { holidays: 40, declarations: 60, sources: 20 } as const;

export const taxYearRulesSchema = z.object({
  holidays: z.array(z.object({ date: daySchema, name: label(100) })).check(z.maxLength(RULES_LIMITS.holidays)),
  f29: z.object({ day: dayOfMonth, online_day: dayOfMonth }),
  f22: z.object({ due: daySchema }),
  f50: z.object({ day: dayOfMonth }),
  declarations: z
    .array(z.object({ number: djNumber, name: label(150), due: daySchema }))
    .check(z.maxLength(RULES_LIMITS.declarations)),
  sources: z.array(label(500)).check(z.maxLength(RULES_LIMITS.sources)),
});

export const RULES_ORIGINS = ['committed', 'saved'] as const;

const rulesAnswer = z.object({
  year: z.number(),
  /** Whose values these are: the repository's, or a year the SUPER_ADMIN saved (null: none for this year). */
  origin: z.nullable(z.enum(RULES_ORIGINS)),
  rules: z.nullable(taxYearRulesSchema),
  updated: z.nullable(z.string()),
});

export const getTaxRules = defineContract({
  id: 'getTaxRules',
  method: 'GET',
  path: 'api/v1/tax-calendar/rules/',
  access: ['SUPER_ADMIN'],
  handler: 'tax-calendar/get-tax-rules',
  summary: "A year's tax calendar rules and holidays: the saved ones, else the committed ones, else none",
  query: z.object({ year: yearSchema }),
  response: rulesAnswer,
});

export const putTaxRules = defineContract({
  id: 'putTaxRules',
  method: 'PUT',
  path: 'api/v1/tax-calendar/rules/',
  access: ['SUPER_ADMIN'],
  handler: 'tax-calendar/put-tax-rules',
  summary: "Saves a year's rules and holidays whole (they replace the committed ones for that year); audited",
  body: z.object({ year: yearSchema, rules: taxYearRulesSchema }),
  response: rulesAnswer,
});

export const OBLIGATION_STATES = ['pendiente', 'presentada', 'vencida'] as const;
/** F29, F22, F50, or a sworn statement DJ<number>. */
export const obligationFormSchema = z.string().check(z.regex(/^(F29|F22|F50|DJ\d{4})$/, { error: 'FORMAT_ERROR' }));
/** 'YYYY-MM' for the monthly forms, 'YYYY' for the annual ones. */
export const periodSchema = z.string().check(z.regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, { error: 'FORMAT_ERROR' }));

export const taxSettingsSchema = z.object({
  f29_online: z.boolean(),
  f50: z.boolean(),
  declarations: z.array(djNumber).check(z.maxLength(60)),
});

const obligationSchema = z.object({
  id: z.string(),
  form: z.string(),
  period: z.string(),
  name: z.string(),
  nominal: z.string(),
  due: z.string(),
  state: z.enum(OBLIGATION_STATES),
  filed: z.nullable(
    z.object({
      at: z.string(),
      /** The filed form, a document of the society's tax-form folder (null: none attached, or not the caller's to see). */
      document: z.nullable(z.object({ uuid: z.string(), file_name: z.string() })),
    }),
  ),
});

export const getSocietyTaxCalendar = defineContract({
  id: 'getSocietyTaxCalendar',
  method: 'GET',
  path: 'api/v1/tax-calendar/society/{uuid}/',
  access: ALL,
  handler: 'tax-calendar/get-society-tax-calendar',
  summary: "A society's obligations of a year (deadlines in that year, by default the current one) and their state",
  params: z.object({ uuid: uuidSchema }),
  query: z.object({ year: z.optional(yearSchema) }),
  response: z.object({
    society: z.object({ uuid: z.string(), name: z.string() }),
    year: z.number(),
    today: z.string(),
    settings: taxSettingsSchema,
    /** The year's sworn statements a society may file (its settings pick among them). */
    declarations: z.array(z.object({ number: z.string(), name: z.string() })),
    obligations: z.array(obligationSchema),
    /** The caller marks obligations filed and changes the settings (a firm's admin in scope). */
    can_file: z.boolean(),
  }),
});

export const putSocietyTaxSettings = defineContract({
  id: 'putSocietyTaxSettings',
  method: 'PUT',
  path: 'api/v1/tax-calendar/society/{uuid}/settings/',
  access: ADMINS,
  handler: 'tax-calendar/put-society-tax-settings',
  summary: 'What applies to a society: F29 online (day 20) or not, F50, its sworn statements; audited',
  params: z.object({ uuid: uuidSchema }),
  body: taxSettingsSchema,
  response: taxSettingsSchema,
});

export const markTaxObligationFiled = defineContract({
  id: 'markTaxObligationFiled',
  method: 'POST',
  path: 'api/v1/tax-calendar/society/{uuid}/filings/',
  access: ADMINS,
  statuses: [409],
  handler: 'tax-calendar/mark-tax-obligation-filed',
  summary:
    'Marks an obligation filed (multipart: form, period, optional file: the filed form, stored as a document of ' +
    "the society's tax-form folder of that form and year, in the same transaction); audited",
  params: z.object({ uuid: uuidSchema }),
  body: z.object({ form: obligationFormSchema, period: periodSchema }),
  multipartFiles: { file: 'document' },
  response: obligationSchema,
  successStatus: 201,
});

export const withdrawTaxFiling = defineContract({
  id: 'withdrawTaxFiling',
  method: 'POST',
  path: 'api/v1/tax-calendar/society/{uuid}/filings/withdraw/',
  access: ADMINS,
  handler: 'tax-calendar/withdraw-tax-filing',
  summary:
    'Undoes an obligation marked filed by mistake (the filed form stays a document of its folder); an obligation not ' +
    'filed answers as it is; audited',
  params: z.object({ uuid: uuidSchema }),
  body: z.object({ form: obligationFormSchema, period: periodSchema }),
  response: obligationSchema,
});

export const getTaxMonth = defineContract({
  id: 'getTaxMonth',
  method: 'GET',
  path: 'api/v1/tax-calendar/month/',
  access: ALL,
  handler: 'tax-calendar/get-tax-month',
  summary: "The calendar's deadlines of a month (by default the current one), for the home",
  query: z.object({
    month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'FORMAT_ERROR' }))),
  }),
  response: z.object({
    month: z.string(),
    today: z.string(),
    deadlines: z.array(z.object({ form: z.string(), name: z.string(), due: z.string() })),
  }),
});
