// A Spanish caller's words in the words the tools read (issue 34, item 5): with no model, the same
// service-area, price and booking tools answer a Spanish speaker. Only what those tools look for is
// carried over — surfaces, sizes, storeys, days and hours, yes and no — never a whole translation.

const UNITS: Record<string, number> = {
  cero: 0,
  uno: 1,
  una: 1,
  un: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciséis: 16,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  trescientos: 300,
  cuatrocientos: 400,
  quinientos: 500,
  seiscientos: 600,
  setecientos: 700,
  ochocientos: 800,
  novecientos: 900,
};

/** "dos mil cuatrocientos" → "2400", "mil quinientos" → "1500"; "una casa" stays (an article). */
function withSpanishDigits(text: string): string {
  const words = text.split(/(\s+)/);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const word = words[i]!.toLowerCase();
    const next = words[i + 2]?.toLowerCase() ?? '';
    const article =
      (word === 'un' || word === 'una' || word === 'uno') && !/^(piso|pisos|nivel|planta)/.test(next);
    if (!(word in UNITS || word === 'mil') || article) {
      out.push(words[i]!);
      i += 1;
      continue;
    }
    let total = 0;
    let current = 0;
    while (i < words.length) {
      const w = words[i]!.toLowerCase();
      if (/^\s+$/.test(w)) {
        i += 1;
        continue;
      }
      if (w === 'mil') {
        total += (current || 1) * 1000;
        current = 0;
      } else if (w === 'y' && words[i + 2] && words[i + 2]!.toLowerCase() in UNITS) {
        // "treinta y cinco"
      } else if (w in UNITS) current += UNITS[w]!;
      else break;
      i += 1;
    }
    out.push(String(total + current), ' ');
  }
  return out.join('');
}

/** Phrases first (longest first), then words; matched whole, lower case, accents as written or not. */
const PHRASES: [RegExp, string][] = [
  [/\bentrada( de (la|mi) casa)?\b/g, 'driveway'],
  [/\bpies? cuadrados?\b/g, 'square feet'],
  [/\bde la mañana\b/g, 'am'],
  [/\bde la tarde\b/g, 'pm'],
  [/\bmañana\b/g, 'tomorrow'],
  [/\ba las\b/g, 'at'],
  [
    /\b(\d{1,2}) de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b/g,
    '$2 $1',
  ],
  [/\b(la )?pr[oó]xima semana\b/g, 'next week'],
];
const WORDS: Record<string, string> = {
  casa: 'house',
  hogar: 'home',
  techo: 'roof',
  tejado: 'roof',
  musgo: 'moss',
  patio: 'patio',
  concreto: 'concrete',
  cemento: 'concrete',
  banqueta: 'sidewalk',
  acera: 'sidewalk',
  cerca: 'fence',
  cerco: 'fence',
  terraza: 'deck',
  canaletas: 'gutters',
  canalones: 'gutters',
  ventanas: 'windows',
  piso: 'story',
  pisos: 'stories',
  nivel: 'story',
  niveles: 'stories',
  planta: 'story',
  plantas: 'stories',
  carro: 'car',
  carros: 'cars',
  coche: 'car',
  coches: 'cars',
  auto: 'car',
  autos: 'cars',
  camioneta: 'truck',
  bote: 'boat',
  lancha: 'boat',
  alfombras: 'carpets',
  alfombra: 'carpet',
  lavar: 'wash',
  lavan: 'wash',
  limpiar: 'clean',
  limpian: 'clean',
  lavado: 'wash',
  limpieza: 'cleaning',
  lunes: 'monday',
  martes: 'tuesday',
  miércoles: 'wednesday',
  miercoles: 'wednesday',
  jueves: 'thursday',
  viernes: 'friday',
  sábado: 'saturday',
  sabado: 'saturday',
  domingo: 'sunday',
  hoy: 'today',
  enero: 'january',
  febrero: 'february',
  marzo: 'march',
  abril: 'april',
  mayo: 'may',
  junio: 'june',
  julio: 'july',
  agosto: 'august',
  septiembre: 'september',
  octubre: 'october',
  noviembre: 'november',
  diciembre: 'december',
  presupuesto: 'estimate',
  cotización: 'quote',
  cotizacion: 'quote',
  cita: 'appointment',
};
/** "Sí", "claro", "de acuerdo": a yes; "no" stays a no. */
const YES =
  /^\s*(s[ií]|claro|de acuerdo|est[aá] bien|por favor|dale|perfecto|correcto|listo|ok)(?![\p{L}])/iu;

/** The Spanish words the tools read, in English; names, streets and towns untouched. */
export function toolWordsOf(spanish: string): string {
  let text = withSpanishDigits(spanish.replace(/[¿¡]/g, ' ')).replace(YES, 'yes ');
  for (const [pattern, english] of PHRASES) text = text.replace(new RegExp(pattern.source, 'giu'), english);
  return text.replace(/[\p{L}]+/gu, (word) => WORDS[word.toLowerCase()] ?? word);
}
