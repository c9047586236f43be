import { unicodeWords, unicodeWordsOf, type Language } from './lexicon';

/**
 * The words the offline model knows beyond its dictionaries, per language: words that mean the same
 * to a customer (synonyms, stemmed at run time like every other word), filler words of questions,
 * and the cues of each question intent. Plain data, so that a language is added in one place.
 */

/** Groups of words a customer uses for the same thing. A word may sit in several groups. */
export const SYNONYMS: Record<Language, string[][]> = {
  en: [
    ['rent', 'rental', 'rentals', 'renting', 'hire', 'hiring', 'lease', 'borrow', 'loan'],
    ['bike', 'bikes', 'bicycle', 'bicycles', 'cycle', 'cycles'],
    ['price', 'prices', 'cost', 'costs', 'fee', 'fees', 'charge', 'charges', 'rate', 'rates', 'pay', 'tariff'],
    ['open', 'opening', 'opens', 'hours'],
    ['repair', 'repairs', 'fix', 'fixing', 'mend', 'service', 'servicing'],
    ['deliver', 'delivery', 'deliveries', 'ship', 'shipping', 'shipped', 'postage', 'send'],
    ['return', 'returns', 'refund', 'refunds', 'exchange'],
    ['member', 'members', 'membership', 'club', 'subscription', 'join'],
    ['book', 'booking', 'reserve', 'reservation', 'appointment', 'table'],
    ['child', 'children', 'kid', 'kids'],
    ['dog', 'dogs', 'pet', 'pets'],
    ['car', 'parking', 'park'],
    ['card', 'cards', 'cash', 'payment', 'contactless'],
    ['address', 'located', 'location', 'find'],
    ['discount', 'discounts', 'cheaper', 'reduction', 'off'],
    ['vegan', 'vegetarian', 'plant'],
    ['gluten', 'coeliac', 'celiac'],
    ['wifi', 'wi', 'internet'],
    ['cancel', 'cancellation', 'cancelling', 'canceling'],
    ['week', 'weekly'],
    ['day', 'daily'],
  ],
  de: [
    ['mieten', 'miete', 'leihen', 'ausleihen', 'verleih', 'vermietung', 'verleihen', 'leihgebühr'],
    ['fahrrad', 'fahrräder', 'rad', 'räder', 'bike', 'velo'],
    ['preis', 'preise', 'kosten', 'kostet', 'gebühr', 'gebühren', 'bezahlen'],
    ['geöffnet', 'öffnungszeiten', 'offen', 'öffnet', 'öffnen'],
    ['reparatur', 'reparieren', 'repariert', 'wartung', 'inspektion'],
    ['lieferung', 'liefern', 'liefert', 'versand', 'versenden', 'zustellung'],
    ['rückgabe', 'zurückgeben', 'umtausch', 'umtauschen', 'erstattung'],
    ['mitglied', 'mitgliedschaft', 'verein', 'club', 'klub'],
    ['buchen', 'buchung', 'reservieren', 'reservierung', 'termin', 'tisch'],
    ['kind', 'kinder'],
    ['hund', 'hunde', 'haustier', 'haustiere'],
    ['karte', 'kartenzahlung', 'bar', 'bargeld', 'zahlung'],
    ['adresse', 'finde', 'finden', 'liegt'],
    ['woche', 'wöchentlich'],
    ['tag', 'täglich'],
  ],
  es: [
    ['alquilar', 'alquiler', 'alquilan', 'rentar', 'renta', 'arrendar'],
    ['bicicleta', 'bicicletas', 'bici', 'bicis'],
    ['precio', 'precios', 'cuesta', 'cuestan', 'costo', 'coste', 'tarifa', 'pagar', 'vale'],
    ['abierto', 'abiertos', 'abren', 'abre', 'abrimos', 'abrir', 'horario', 'horarios', 'apertura'],
    ['reparar', 'reparación', 'arreglar', 'revisión', 'mantenimiento'],
    ['envío', 'envíos', 'enviar', 'entrega', 'entregar', 'domicilio'],
    ['devolver', 'devolución', 'devoluciones', 'reembolso', 'cambio'],
    ['socio', 'socios', 'membresía', 'club', 'suscripción'],
    ['reservar', 'reserva', 'cita', 'mesa'],
    ['niño', 'niños', 'hijos'],
    ['perro', 'perros', 'mascota', 'mascotas'],
    ['tarjeta', 'efectivo', 'pago'],
    ['dirección', 'ubicados', 'encuentra', 'encuentran'],
    ['semana', 'semanal'],
    ['día', 'diario'],
  ],
  pt: [
    ['alugar', 'aluguel', 'aluguer', 'alugam', 'locação'],
    ['bicicleta', 'bicicletas', 'bike', 'bikes', 'bici'],
    ['preço', 'preços', 'custa', 'custam', 'custo', 'valor', 'tarifa', 'pagar'],
    ['aberto', 'abertos', 'abrem', 'abre', 'abrimos', 'abrir', 'horário', 'horários', 'funcionamento', 'funcionam'],
    ['reparar', 'reparo', 'reparação', 'consertar', 'conserto', 'revisão', 'manutenção'],
    ['entrega', 'entregas', 'entregar', 'envio', 'enviar', 'frete'],
    ['devolver', 'devolução', 'devoluções', 'reembolso', 'troca'],
    ['sócio', 'sócios', 'membro', 'clube', 'assinatura'],
    ['reservar', 'reserva', 'marcação', 'mesa'],
    ['criança', 'crianças', 'filhos'],
    ['cão', 'cães', 'cachorro', 'animal', 'animais'],
    ['cartão', 'dinheiro', 'pagamento'],
    ['endereço', 'morada', 'localização', 'ficam', 'fica'],
    ['semana', 'semanal'],
    ['dia', 'diária'],
  ],
  fr: [
    ['louer', 'location', 'loue', 'louez', 'emprunter'],
    ['vélo', 'vélos', 'bicyclette', 'bicyclettes', 'bike'],
    ['prix', 'coûte', 'coûtent', 'coût', 'tarif', 'tarifs', 'payer'],
    ['ouvert', 'ouverts', 'ouvrez', 'ouvre', 'ouvrons', 'ouvrir', 'horaires', 'ouverture'],
    ['réparer', 'réparation', 'réparations', 'entretien', 'révision'],
    ['livraison', 'livrer', 'livrez', 'envoi', 'expédition'],
    ['retour', 'retourner', 'rembourser', 'remboursement', 'échange'],
    ['membre', 'membres', 'adhésion', 'club', 'abonnement'],
    ['réserver', 'réservation', 'rendez', 'table'],
    ['enfant', 'enfants'],
    ['chien', 'chiens', 'animal', 'animaux'],
    ['carte', 'espèces', 'paiement'],
    ['adresse', 'trouve', 'trouvez', 'situé', 'situés'],
    ['semaine', 'hebdomadaire'],
    ['jour', 'journée', 'quotidien'],
  ],
};

function words(...lines: string[]): ReadonlySet<string> {
  return new Set(lines.join(' ').split(' '));
}

/** Words of a question that say nothing about its subject ("do you have", "can you tell me"). */
export const FILLER: Record<Language, ReadonlySet<string>> = {
  en: words(
    'hi hello hey please thanks thank know tell say like want need also much many long take takes get got could would',
    'time bring come go use make see visit shop store place business offer offers provide available ok okay',
    'anything something guys sell sells question any still actually',
  ),
  de: words(
    'hallo bitte danke gern gerne wissen sagen gibt es mal ihr euch bei kann man habt wie viel lange dauert frage noch',
    'uhrzeit laden geschäft mitbringen bringen',
  ),
  es: words(
    'hola por favor gracias saber decir hay puedo pueden tienen cuánto cuanto tiempo tarda pregunta también',
    'llevar traer hora tienda',
  ),
  pt: words(
    'olá oi por favor obrigado obrigada saber dizer tem têm posso podem quanto tempo demora leva pergunta também',
    'vocês você horas levar trazer loja',
  ),
  fr: words(
    'bonjour salut merci savoir dire puis pouvez avez combien temps faut pour question aussi est ce que',
    'quelle heure amener apporter magasin',
  ),
};

export type Intent = 'price' | 'hours' | 'duration' | 'where' | 'yesno';

/** Phrases that make a question ask for a kind of fact, matched against its lower-case text. */
export const INTENT_CUES: Record<Language, Partial<Record<Intent, RegExp>>> = Object.fromEntries(
  Object.entries<Partial<Record<Intent, RegExp>>>({
    en: {
      duration: /\bhow long\b|\bhow many (?:days|hours|minutes|weeks)\b|\bduration\b|\btakes? (?:long|time)\b/,
      price: /\bhow much\b|\bprices?\b|\bcosts?\b|\bfees?\b|\bcharge\b|\brates?\b|\bexpensive\b|\bcheap\b/,
      hours: /\bwhen\b|\bwhat time\b|\bopening hours\b|\bhours\b|\bopen\b|\bclose[sd]?\b/,
      where: /\bwhere\b|\baddress\b|\blocated\b|\blocation\b/,
    },
    de: {
      duration: /\bwie lange?\b|\bdauert?\b|\bdauer\b/,
      price: /\bwie viel\b|\bwieviel\b|\bkoste[tn]?\b|\bpreise?\b|\bgebühr/,
      hours: /\bwann\b|\bum wie viel uhr\b|\böffnungszeiten\b|\bgeöffnet\b|\boffen\b|\bgeschlossen\b|\bauf\b/,
      where: /\bwo\b|\badresse\b|\bwohin\b/,
    },
    es: {
      duration: /\bcuánto tiempo\b|\bcuanto tiempo\b|\btarda\b|\bdura\b|\bduración\b/,
      price: /\bcuánto\b|\bcuanto\b|\bprecios?\b|\bcuesta\b|\bcuestan\b|\btarifa/,
      hours: /\bcuándo\b|\bcuando\b|\bqué hora\b|\bhorarios?\b|\babren\b|\babierto|\bcierran\b|\bcerrado/,
      where: /\bdónde\b|\bdonde\b|\bdirección\b/,
    },
    pt: {
      duration: /\bquanto tempo\b|\bdemora\b|\bleva\b|\bduração\b/,
      price: /\bquanto\b|\bpreços?\b|\bcusta\b|\bcustam\b|\bvalor\b|\btarifa/,
      hours: /\bquando\b|\bque horas\b|\bhorários?\b|\babrem\b|\baberto|\bfecham\b|\bfechado|\bfuncionam\b/,
      where: /\bonde\b|\bendereço\b|\bmorada\b/,
    },
    fr: {
      duration: /\bcombien de temps\b|\bdurée\b|\bprend\b/,
      price: /\bcombien\b|\bprix\b|\bcoûte\b|\bcoûtent\b|\btarifs?\b/,
      hours: /\bquand\b|\bquelle heure\b|\bhoraires\b|\bouverts?\b|\bouvrez\b|\bfermés?\b|\bfermez\b/,
      where: /\boù\b|\badresse\b|\bsitués?\b/,
    },
  }).map(([language, cues]) => [language, unicodeWordsOf(cues as Record<string, RegExp>)]),
) as Record<Language, Partial<Record<Intent, RegExp>>>;

/** Words that open a question asking for something other than yes or no. */
export const WH_WORDS: Record<Language, RegExp> = unicodeWordsOf({
  en: /\b(?:what|which|when|where|who|whom|whose|why|how)\b/,
  de: /\b(?:was|welche[rsmn]?|wann|wo|wer|wie|warum|wieso|weshalb|woher|wohin|wieviel)\b/,
  es: /\b(?:qué|cuál|cuáles|cuándo|dónde|quién|quiénes|por qué|cómo|cuánto|cuánta|cuántos|cuántas)\b/,
  pt: /\b(?:que|qual|quais|quando|onde|quem|porque|por que|como|quanto|quanta|quantos|quantas)\b/,
  fr: /\b(?:que|quoi|quel|quelle|quels|quelles|quand|où|qui|pourquoi|comment|combien)\b/,
});

/** English yes/no questions open with an auxiliary verb. */
export const EN_AUXILIARIES = unicodeWords(
  /^(?:and |so |also |hi,? |hello,? )?(?:do|does|did|is|are|was|were|can|could|will|would|have|has|may|should|shall)\b/,
);

/** Words that turn a sentence into a "no" (including "closed" against "open"). */
export const NEGATIONS: Record<Language, RegExp> = unicodeWordsOf({
  en: /\b(?:not|no|never|cannot|can't|don't|doesn't|isn't|aren't|won't|closed|unavailable|without|forbidden|prohibited|banned)\b|n't\b/,
  de: /\b(?:nicht|kein|keine|keinen|keiner|nie|niemals|geschlossen|ohne|verboten)\b/,
  es: /\b(?:no|nunca|cerrado|cerrados|cerramos|sin|prohibido)\b/,
  pt: /\b(?:não|nunca|fechado|fechados|fechamos|sem|proibido)\b/,
  fr: /\b(?:ne|pas|jamais|aucun|aucune|fermé|fermés|fermons|sans|interdit)\b|\bn'/,
});

/** A sentence that carries the fact an intent asks for. */
export const INTENT_EVIDENCE: Record<Exclude<Intent, 'yesno'>, RegExp> = unicodeWordsOf({
  price:
    /[€$£]\s?\d|\d(?:[.,]\d+)?\s?(?:€|\$|£|eur|euros?|usd|dollars?|pounds?|reais|r\$)|\b(?:free|gratis|kostenlos|gratuit|gratuito)\b/i,
  hours:
    /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|uhr|h)\b|\b\d{1,2}[:.h]\d{2}\b|\b\d{1,2}\s?[-–]\s?\d{1,2}\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunes|martes|miércoles|jueves|viernes|sábado|domingo|segunda|terça|quarta|quinta|sexta|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)/i,
  duration:
    /\b\d+(?:[.,]\d+)?\s?(?:[-–]\s?\d+\s?)?(?:[a-z]+\s)?(?:min|minutes?|hours?|hrs?|days?|weeks?|months?|minuten|stunden?|tagen?|wochen?|monate?n?|minutos|horas?|días|dias|semanas?|meses|heures?|jours?|semaines?|mois)\b/i,
  where:
    /\b\d+\s+[\p{L} ]+(?:street|st|road|rd|avenue|ave|lane|square)\b|(?:straße|strasse|str\.|platz|weg)\b|\b(?:calle|avenida|plaza|rua|avenida|praça|rue|avenue|place)\b|\b(?:located|find us|we are at|next to|opposite)\b/iu,
});
