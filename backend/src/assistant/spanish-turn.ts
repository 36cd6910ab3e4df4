import {
  formatDollarRange,
  formatSquareFeet,
  priceFor,
  type AppointmentServiceType,
} from '@washdesk/contract';
import type { AssistantAnswers } from './answers.ts';
import type { AssistantTurnInput } from './assistant-turn.ts';
import type { bookingConversation } from './booking-conversation.ts';
import { serviceNamedIn, type BookingSlots, type Slot } from './booking.ts';
import { spanishIntent } from './spanish.ts';
import { jobDetailsOf } from './tools/job-details.ts';
import { priceOfJob, type JobPrice } from './tools/job-price.ts';
import { serviceAreaOf, type ServiceAreaAnswer, type ServiceAreaConfig } from './tools/service-area.ts';
import { STATE_NAMES } from './tools/place-names.ts';
import { toolWordsOf } from './tools/spanish-words.ts';
import { workWeDoNotDo, withoutWorkWeDoNotDo } from './tools/outside-trade.ts';
import { saysNo, saysYes } from './intents.ts';
import { outcome, type ConversationState, type Outcome } from './turn-outcome.ts';
import type { Wording } from './wording.ts';

// A Spanish-speaking caller with no model (issue 34, item 5): the service-area, price and booking
// tools answer, in Spanish. The caller's words are read by the same tools (tools/spanish-words.ts);
// what a tool found is said here in Spanish, from the tool's result, never by translating English.
// What none of them answers still goes to the office, as before (the hand-off words).

type Booking = ReturnType<typeof bookingConversation>;

export interface SpanishTurnDeps {
  answers: AssistantAnswers;
  booking: Booking;
  area: ServiceAreaConfig;
  /** The channel's hand-off in Spanish (the office calls back), for what no tool answers. */
  handoff: (input: AssistantTurnInput, message: string) => Outcome;
}

/** Said once, on a Spanish caller's first answer: the office can still call back in Spanish. */
const OFFICE_OFFER = 'Si prefiere que alguien de la oficina le llame, dígamelo.';

const QUESTIONS: Record<Slot, string> = {
  name: 'Para la cita, ¿me dice su nombre, por favor?',
  serviceType:
    '¿Para qué servicio es el presupuesto: lavado de casa, techo, entrada o concreto, terraza, cerca, canaletas o ventanas?',
  address: '¿Cuál es la dirección de la propiedad donde le hacemos el presupuesto?',
  date: '¿Qué día le queda bien para que vayamos?',
  time: '¿A qué hora le queda bien? Vamos a la hora en punto, de 8 a. m. a 4 p. m.',
  phone: '¿A qué número le podemos llamar?',
};
const SERVICES: Record<AppointmentServiceType, string> = {
  'house-wash': 'lavado de casa',
  'roof-cleaning': 'limpieza de techo',
  'driveway-cleaning': 'limpieza de entrada',
  'concrete-cleaning': 'limpieza de concreto',
  'deck-cleaning': 'limpieza de terraza',
  'fence-cleaning': 'limpieza de cerca',
  'gutter-cleaning': 'limpieza de canaletas',
  'window-washing': 'lavado de ventanas',
  'multiple-services': 'varios servicios',
};
const SURFACES: Record<string, string> = {
  house_soft_wash: 'el lavado de la casa',
  roof_cleaning: 'la limpieza del techo',
  moss_removal: 'quitar el musgo del techo',
  concrete_cleaning: 'la limpieza del concreto',
};
/** The booking's English problem sentences (booking.ts), said in Spanish. */
const PROBLEMS: [string, string][] = [
  ['That day has already passed.', 'Ese día ya pasó.'],
  ['That time has already passed today.', 'Esa hora ya pasó hoy.'],
  [
    'We book estimates on the hour, from 8 AM to 4 PM.',
    'Hacemos presupuestos a la hora en punto, de 8 a. m. a 4 p. m.',
  ],
  ['already taken', 'Lo siento, esa hora ya está ocupada ese día.'],
  ['fully booked', 'Lo siento, ese día ya está lleno.'],
];

const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;

/** "miércoles 25 de noviembre" for a calendar date. */
export const fechaDe = (date: string) =>
  new Intl.DateTimeFormat('es-US', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(',', '');
const horaDe = (time: string) => time.replace('AM', 'a. m.').replace('PM', 'p. m.');

function areaReply(answer: ServiceAreaAnswer, area: ServiceAreaConfig): string | undefined {
  const counties = listed([...area.counties]);
  const where = (p: { county: string; name: string; state?: keyof typeof STATE_NAMES }) =>
    `${p.county === p.name ? '' : 'el condado de '}${p.county}${p.state ? `, ${STATE_NAMES[p.state]}` : ''}`;
  switch (answer.kind) {
    case 'in-area':
      return `Sí, ${answer.place.name} está en ${where(answer.place)}, dentro de nuestra área de servicio. Con gusto le damos un precio o le reservamos un presupuesto gratuito.`;
    case 'confirm-with-office':
      return `${answer.place.name} está en ${where(answer.place)}, a unas ${answer.distanceMiles} millas de ${area.base!.name}, un poco más lejos de lo habitual. La oficina le confirmará si podemos ir.`;
    case 'outside':
      return `Lo siento, ${answer.place.name} está en ${where(answer.place)}, fuera de nuestra área de servicio. Trabajamos en los condados de ${counties}.`;
    case 'county':
      return answer.served
        ? `Sí, trabajamos en el condado de ${answer.county}.`
        : `Lo siento, el condado de ${answer.county} está fuera de nuestra área de servicio. Trabajamos en los condados de ${counties}.`;
    case 'unknown':
      return undefined;
  }
}

function priceReply(price: JobPrice): string {
  if (price.kind === 'not-on-price-list')
    return 'Para eso no tenemos un precio fijo: se lo damos en el presupuesto gratuito en el sitio. ¿Quiere que le reserve una cita?';
  if (price.kind === 'needs')
    return {
      surface:
        'Para darle el precio, ¿qué le gustaría limpiar: la casa, el techo, el musgo del techo, o la entrada o el patio?',
      size: 'Para darle el precio, ¿cuántos pies cuadrados tiene la casa, más o menos?',
      stories: 'Para darle el precio, ¿la casa es de uno, dos o tres pisos?',
      'concrete-size':
        'Para darle el precio, ¿cuántos pies cuadrados tiene la entrada o el patio, más o menos?',
    }[price.missing[0]!];
  const { size, stories, concreteSquareFeet } = price.details;
  const what = listed(price.areas.map((a) => SURFACES[a.surfaceType] ?? priceFor(a.surfaceType).label));
  const pisos = stories === undefined ? '' : `, de ${stories} ${stories === 1 ? 'piso' : 'pisos'}`;
  const concrete =
    concreteSquareFeet === undefined ? '' : ` (el concreto, unos ${formatSquareFeet(concreteSquareFeet)})`;
  return `Para ${what} de unos ${formatSquareFeet(size!.squareFeet)}${pisos}${concrete}, el total sería de unos ${formatDollarRange(price.range)}. El presupuesto gratuito en el sitio confirma el precio. ¿Quiere que le reserve una cita para el presupuesto gratuito?`.replace(
    /sq ft/g,
    'pies cuadrados',
  );
}

/** A booking step's result said in Spanish, from its state (what was found, what is asked), never its English words. */
function bookingReply(step: Outcome, english: string): string {
  if (step.action.type === 'booked') {
    const slots = (step as Outcome & { bookedSlots?: BookingSlots }).bookedSlots;
    return slots?.date
      ? `¡Listo! Su presupuesto gratuito quedó reservado para el ${fechaDe(slots.date)} a las ${horaDe(slots.time!)}. ¿Algo más en que le pueda ayudar?`
      : '¡Listo! Su presupuesto gratuito quedó reservado. ¿Algo más en que le pueda ayudar?';
  }
  const booking = step.state.booking;
  const problems = PROBLEMS.filter(([en]) => english.includes(en)).map(([, es]) => es);
  if (booking?.stage === 'confirming') {
    const s = booking.slots;
    const other = s.otherPhone ? `, y también le podemos llamar al ${s.otherPhone}` : '';
    return [
      ...problems,
      `Le confirmo: un presupuesto gratuito de ${SERVICES[s.serviceType!]} en ${s.address}, el ${fechaDe(s.date!)} a las ${horaDe(s.time!)}, a nombre de ${s.name}${other}. ¿Lo reservo?`,
    ].join(' ');
  }
  if (booking?.asking) return [...problems, QUESTIONS[booking.asking]].join(' ');
  return '';
}

export function spanishTurn({ answers, booking, area, handoff }: SpanishTurnDeps) {
  // The office stays on offer after every answer but a booking's own questions (and on the first reply).
  const spanish = (o: Outcome, first: boolean): Outcome => ({
    ...o,
    reply:
      (first || !o.state.booking) && o.action.type !== 'booked' && !/oficina/i.test(o.reply)
        ? `${o.reply} ${OFFICE_OFFER}`
        : o.reply,
    language: 'es-US',
    state: { ...o.state, spanish: true },
  });

  /** One turn of a Spanish caller; `state.spanish` keeps a short answer ("Rosa Díaz", "dos pisos") in Spanish. */
  return function answer(input: AssistantTurnInput, state: ConversationState, say: Wording): Outcome {
    const message = input.message.trim();
    const words = toolWordsOf(message);
    const first = !state.spanish;
    const intent = spanishIntent(message);

    // A booking under way: the booking tool reads the words; the reply is said from its state.
    if (state.booking) {
      const step =
        state.booking.stage === 'confirming'
          ? booking.confirm(state.booking, words, input, say)
          : booking.step(state.booking, words, input, say);
      const reply = bookingReply(withSlots(step, state.booking.slots), step.reply);
      if (reply) return spanish({ ...step, reply }, false);
    }
    if (intent === 'handoff') return spanish(handoff(input, message), false);

    const notOurs = workWeDoNotDo(words);
    if (notOurs && jobDetailsOf(withoutWorkWeDoNotDo(words)).surfaces.length === 0)
      return spanish(
        outcome({
          reply: `Lo siento, no ${notOurs === 'vehicles' ? 'lavamos vehículos' : 'hacemos limpieza de interiores'}: solo limpiamos el exterior de las casas (lavado de casa, techos, entradas y concreto, terrazas, cercas, canaletas y ventanas).`,
          intent: 'service_inquiry',
          knowledgeUsed: ['services'],
          state: {},
        }),
        first,
      );

    const yesToEstimate = state.offer === 'estimate' && saysYes(words);
    if (state.offer === 'estimate' && saysNo(words))
      return spanish(
        outcome({ reply: 'Está bien. ¿Algo más en que le pueda ayudar?', intent: 'other', state: {} }),
        false,
      );
    if (yesToEstimate || intent === 'scheduling') {
      const talkedOf =
        state.topic && 'said' in state.topic && state.topic.said
          ? serviceNamedIn(state.topic.said)
          : undefined;
      const step = booking.start(words, input, say, talkedOf ? { serviceType: talkedOf } : {});
      const reply = bookingReply(step, step.reply);
      if (reply) return spanish({ ...step, reply }, first);
      const outside = answers.outsideArea(words);
      if (outside)
        return spanish(
          outcome({ reply: areaReply(serviceAreaOf(words, area), area)!, intent: 'service_area', state: {} }),
          first,
        );
    }

    const place = serviceAreaOf(message, area);
    const areaSaid = areaReply(place, area);
    const priceFollowUp = state.topic?.kind === 'price';
    const priceAsked = intent === 'pricing' || intent === 'quote_request' || priceFollowUp;
    if (areaSaid && !(priceAsked && place.kind === 'unknown'))
      if (!priceAsked || intent === 'service_area')
        return spanish(
          outcome({
            reply: areaSaid,
            intent: 'service_area',
            knowledgeUsed: ['tool:service-area'],
            state: { topic: { kind: 'area' } },
          }),
          first,
        );

    if (priceAsked) {
      const said = priceFollowUp && state.topic?.kind === 'price' ? `${state.topic.said} ${words}` : words;
      const answering =
        priceFollowUp && state.topic?.kind === 'price' && state.topic.askedFor === 'size'
          ? 'size'
          : undefined;
      const price = priceOfJob(jobDetailsOf(said, { answering }));
      const topic =
        price.kind === 'needs'
          ? { kind: 'price' as const, said, askedFor: price.missing[0]! }
          : price.kind === 'priced'
            ? { kind: 'priced-job' as const, basis: said, said }
            : undefined;
      return spanish(
        outcome({
          reply: priceReply(price),
          intent: intent === 'quote_request' ? 'quote_request' : 'pricing',
          knowledgeUsed: price.kind === 'priced' ? ['tool:price'] : [],
          state: { topic, offer: price.kind === 'needs' ? undefined : 'estimate' },
        }),
        first,
      );
    }
    return spanish(handoff(input, message), false);
  };
}

/** The booked visit's day and hour, for saying it: the slots as they stood at the read-back. */
function withSlots(step: Outcome, slots: BookingSlots): Outcome & { bookedSlots?: BookingSlots } {
  return step.action.type === 'booked' ? { ...step, bookedSlots: slots } : step;
}
