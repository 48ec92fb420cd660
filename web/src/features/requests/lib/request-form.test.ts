import { DEFAULT_REMINDERS } from '@shared/contracts/requests';
import { describe, expect, it } from 'vitest';
import { draftOf } from './reminders';
import {
  createRequestBody,
  draftsOf,
  type RequestValues,
  requestFormBody,
  requestFormSchema,
  type TemplateValues,
  templateFormBody,
  templateFormSchema,
} from './request-form';

const request: RequestValues = {
  kind: 'GROUP',
  target: '6f1c2a44-5d3e-4b7a-9c1d-2e3f4a5b6c7d',
  template: '',
  title: '  Cierre de marzo ',
  due_date: '2031-03-20',
  folder: '',
  items: [
    { name: ' Libro de compras ', note: '  ' },
    { name: 'Cartola bancaria', note: 'La de marzo' },
  ],
  reminders: draftOf(DEFAULT_REMINDERS),
};

describe('the new request form', () => {
  it('sends what was typed, trimmed, with the form’s batch, and no empty note or template', () => {
    expect(createRequestBody(request, 'b')).toEqual({
      batch: 'b',
      target: { kind: 'GROUP', uuid: request.target },
      title: 'Cierre de marzo',
      folder: null,
      due_date: '2031-03-20',
      items: [{ name: 'Libro de compras' }, { name: 'Cartola bancaria', note: 'La de marzo' }],
      reminders: DEFAULT_REMINDERS,
    });
    expect(createRequestBody({ ...request, template: 't', folder: 'f' }, 'b')).toMatchObject({
      template: 't',
      folder: 'f',
    });
  });

  it('passes a whole request and refuses a blank item, a missing due date or target', () => {
    expect(requestFormSchema.safeParse(requestFormBody(request)).success).toBe(true);
    const fails = (values: Partial<RequestValues>) => [
      ...new Set(
        requestFormSchema.safeParse(requestFormBody({ ...request, ...values })).error?.issues.map((i) => i.path[0]),
      ),
    ];
    expect(fails({ items: [{ name: '  ', note: '' }] })).toEqual(['items']);
    expect(fails({ items: [] })).toEqual(['items']);
    expect(fails({ due_date: '' })).toEqual(['due_date']);
    expect(fails({ due_date: '2031-02-30' })).toEqual(['due_date']);
    expect(fails({ target: '' })).toEqual(['target']);
  });

  it("names each item's template file, and is not sent while a file is still uploading", () => {
    const upload = '0b7e2f7c-6a1d-4c3e-8f2a-1b2c3d4e5f60';
    const withFile = {
      ...request,
      items: [
        { name: 'Formulario', note: '', file: { uuid: upload, file_name: 'f29.pdf' } },
        { name: 'Cartola', note: '', file: null },
      ],
    };
    expect(createRequestBody(withFile, 'b').items).toEqual([
      { name: 'Formulario', template_file: upload },
      { name: 'Cartola' },
    ]);
    expect(requestFormSchema.safeParse(requestFormBody(withFile)).success).toBe(true);
    const uploading = {
      ...request,
      items: [{ name: 'Formulario', note: '', file: { uuid: '', file_name: 'f29.pdf' } }],
    };
    expect(requestFormSchema.safeParse(requestFormBody(uploading)).success).toBe(false);
  });

  it("keeps a template's files when its items fill the form", () => {
    const file = { uuid: '0b7e2f7c-6a1d-4c3e-8f2a-1b2c3d4e5f60', file_name: 'f29.pdf', size: 10 };
    expect(
      draftsOf([
        { name: 'Formulario', note: null, template_file: file },
        { name: 'Cartola', note: 'Marzo', template_file: null },
      ]),
    ).toEqual([
      { name: 'Formulario', note: '', file: { uuid: file.uuid, file_name: 'f29.pdf' } },
      { name: 'Cartola', note: 'Marzo', file: null },
    ]);
  });
});

describe('the template form', () => {
  const template: TemplateValues = {
    name: 'Cierre mensual',
    folder: '',
    items: [{ name: 'Libro de compras', note: '' }],
    reminders: draftOf(DEFAULT_REMINDERS),
    kind: 'MONTHLY_F29',
    before_deadline: '5',
    lead_days: '10',
  };

  it('turns the days typed before the deadline into the contract’s negative offset', () => {
    expect(templateFormBody(template).recurrence).toEqual({ kind: 'MONTHLY_F29', offset_days: -5, lead_days: 10 });
    expect(templateFormBody({ ...template, before_deadline: '0' }).recurrence.offset_days).toBe(0);
    expect(templateFormSchema.safeParse(templateFormBody(template)).success).toBe(true);
  });

  it('refuses what the contract refuses instead of fixing it', () => {
    for (const wrong of [
      { before_deadline: 'cinco' },
      { before_deadline: '61' },
      { lead_days: '0' },
      { lead_days: '' },
    ])
      expect(
        templateFormSchema.safeParse(templateFormBody({ ...template, ...wrong })).success,
        JSON.stringify(wrong),
      ).toBe(false);
    // Not recurring: the rule's numbers are not asked for, and the contract's defaults go.
    expect(templateFormBody({ ...template, kind: 'NONE', lead_days: '' }).recurrence).toEqual({
      kind: 'NONE',
      offset_days: -5,
      lead_days: 10,
    });
  });
});
