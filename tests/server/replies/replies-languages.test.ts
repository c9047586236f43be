import type { Db } from '../../../server/db/client';
import { answerFromKnowledge, knowledgeRequest } from '../../../server/services/replies/knowledge-base-model';
import type { Language } from '../../../server/services/replies/lexicon';
import { HANDOVER_REASONS } from '../../../server/services/inbox/ownership';
import { PHRASES } from '../../../server/services/replies/phrasing';
import { useTestApp } from '../support/helpers';
import { repliesApp } from '../support/replies-helpers';

const ctx = useTestApp((db) => repliesApp(db));

interface LanguageCase {
  language: Language;
  /** A bakery's short handbook in that language. */
  document: string;
  question: string;
  answer: string;
  /** Nothing in the handbook answers it. */
  unanswerable: string;
  asksForPerson: string;
}

const CASES: LanguageCase[] = [
  {
    language: 'en',
    document:
      'Opening hours\n\nOur bakery is open from 7am to 6pm, Tuesday to Sunday. We are closed on Mondays.\n\nDelivery\n\nWe deliver cakes within the city for 5 euros.',
    question: 'How much is delivery?',
    answer: 'We deliver cakes within the city for 5 euros.',
    unanswerable: 'Do you sell bicycles?',
    asksForPerson: 'Can I speak to a person?',
  },
  {
    language: 'de',
    document:
      'Öffnungszeiten\n\nUnsere Bäckerei ist von Dienstag bis Sonntag von 7 bis 18 Uhr geöffnet. Montags haben wir geschlossen.\n\nLieferung\n\nWir liefern Torten innerhalb der Stadt für 5 Euro.',
    question: 'Was kostet die Lieferung?',
    answer: 'Wir liefern Torten innerhalb der Stadt für 5 Euro.',
    unanswerable: 'Verkauft ihr Fahrräder?',
    asksForPerson: 'Kann ich bitte mit einem Menschen sprechen?',
  },
  {
    language: 'es',
    document:
      'Horario\n\nNuestra panadería abre de martes a domingo de 7 a 18 horas. Los lunes cerramos.\n\nEntrega\n\nEntregamos tartas en la ciudad por 5 euros.',
    question: '¿Cuánto cuesta la entrega?',
    answer: 'Entregamos tartas en la ciudad por 5 euros.',
    unanswerable: '¿Vendéis bicicletas?',
    asksForPerson: '¿Puedo hablar con una persona?',
  },
  {
    language: 'pt',
    document:
      'Horário\n\nA nossa padaria está aberta de terça a domingo, das 7h às 18h. Às segundas-feiras estamos fechados.\n\nEntregas\n\nEntregamos bolos na cidade por 5 euros.',
    question: 'Quanto custa a entrega?',
    answer: 'Entregamos bolos na cidade por 5 euros.',
    unanswerable: 'Vendem bicicletas?',
    asksForPerson: 'Posso falar com uma pessoa?',
  },
  {
    language: 'fr',
    document:
      'Horaires\n\nNotre boulangerie est ouverte du mardi au dimanche de 7h à 18h. Le lundi, nous sommes fermés.\n\nLivraison\n\nNous livrons les gâteaux en ville pour 5 euros.',
    question: 'Combien coûte la livraison ?',
    answer: 'Nous livrons les gâteaux en ville pour 5 euros.',
    unanswerable: 'Vendez-vous des vélos ?',
    asksForPerson: 'Je voudrais parler à une personne.',
  },
];

const ask = (question: string, document: string) =>
  knowledgeRequest(ctx.db as Db, {
    question,
    customerName: null,
    passages: [{ id: 3, text: document }],
    history: [],
  }).then(answerFromKnowledge);

describe.each(CASES)(
  'the offline model in $language',
  ({ language, document, question, answer, unanswerable, asksForPerson }) => {
    it('answers a question from a document in that language, in that language', async () => {
      expect(await ask(question, document)).toEqual({
        kind: 'text',
        text: answer,
        contextIds: [3],
        unanswered: false,
        language,
      });
    });

    it('tells the customer in that language when nothing answers', async () => {
      expect(await ask(unanswerable, document)).toEqual({
        kind: 'text',
        text: PHRASES[language].notFound(undefined),
        contextIds: [],
        unanswered: true,
        language,
      });
    });

    it('hands over a plain request for a person', async () => {
      expect(await ask(asksForPerson, document)).toEqual({ kind: 'handover', reason: HANDOVER_REASONS.customerAsked });
    });
  },
);
