/** Text as a file name's part: no accents, letters and digits joined by '-', lower case ('Año Ñuble SpA' → 'ano-nuble-spa'). */
export const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
