import { personLabel } from './format';
import type { PickerPage } from './picker-logic';

type Person = { uuid: string; first_name: string; last_name: string; email: string };

/** A page of people (the *-available endpoints) as picker options: 'Nombre Apellido (correo)'. */
export const peoplePage = (page: { count: number; results: readonly Person[] }): PickerPage => ({
  count: page.count,
  results: page.results.map((person) => ({ value: person.uuid, label: personLabel(person) })),
});
