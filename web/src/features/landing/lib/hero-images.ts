/**
 * The five hero backgrounds (portal spec §9), drawn here as SVG so the project owns them: a dark gradient (white text
 * stays readable on every one) with a different pattern each — skyline, bars, waves, grid of dots, rising line.
 */
const W = 1600;
const H = 700;

const frame = (from: string, to: string, art: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
  `<stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>` +
  `<g fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="3">${art}</g></svg>`;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const skyline = range(24)
  .map((i) => {
    const h = 120 + ((i * 97) % 260);
    return `<rect x="${i * 68}" y="${H - h}" width="52" height="${h}" fill="#ffffff" fill-opacity="0.06"/>`;
  })
  .join('');

const bars = range(12)
  .map((i) => `<rect x="${820 + i * 60}" y="${560 - i * 38}" width="40" height="${140 + i * 38}"/>`)
  .join('');

const waves = range(7)
  .map((i) => `<path d="M0 ${300 + i * 50} C 400 ${200 + i * 50}, 800 ${420 + i * 50}, ${W} ${280 + i * 50}"/>`)
  .join('');

const dots = range(18)
  .flatMap((x) => range(8).map((y) => `<circle cx="${60 + x * 90}" cy="${60 + y * 85}" r="${4 + ((x + y) % 4) * 3}"/>`))
  .join('');

const rising = `<polyline points="${range(17)
  .map((i) => `${i * 100},${620 - i * 28 - ((i * 53) % 90)}`)
  .join(' ')}" stroke-width="6" stroke-opacity="0.3"/>${range(6)
  .map((i) => `<line x1="0" y1="${120 * i + 40}" x2="${W}" y2="${120 * i + 40}"/>`)
  .join('')}`;

const SVGS = [
  frame('#0b2545', '#13315c', skyline),
  frame('#1b263b', '#415a77', bars),
  frame('#03314b', '#006d77', waves),
  frame('#2b2d42', '#3d405b', dots),
  frame('#102a43', '#243b53', rising),
];

export const HERO_IMAGES = SVGS.map((svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);

/** The cloud-solution illustration: a cloud linked to a report, a chart and a folder (it turns once, landing.css). */
export const SOLUTION_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320">' +
    '<circle cx="160" cy="160" r="150" fill="#e8f1fa"/>' +
    '<path d="M105 175a40 40 0 0 1 8-79 55 55 0 0 1 104 14 33 33 0 0 1-2 65z" fill="#005a9f"/>' +
    '<g stroke="#005a9f" stroke-width="5"><line x1="160" y1="175" x2="160" y2="235"/>' +
    '<line x1="160" y1="205" x2="90" y2="245"/><line x1="160" y1="205" x2="230" y2="245"/></g>' +
    '<rect x="65" y="235" width="50" height="40" rx="6" fill="#f2a900"/>' +
    '<rect x="135" y="235" width="50" height="40" rx="6" fill="#0f7b5f"/>' +
    '<rect x="205" y="235" width="50" height="40" rx="6" fill="#e4572e"/>' +
    '<g fill="#ffffff"><rect x="143" y="258" width="8" height="12"/><rect x="155" y="250" width="8" height="20"/>' +
    '<rect x="167" y="244" width="8" height="26"/></g></svg>',
)}`;
