/**
 * An evaluation set: a business's documents and conversations with what each turn should get.
 * `answer` turns list the words an accepted answer contains (case and accents aside); each inner
 * array is a set of alternatives ("yes" or "open").
 */

export type DocumentKind = 'text' | 'pdf' | 'scan';

export interface EvalDocument {
  name: string;
  kind: DocumentKind;
  /** Lines of the document; a PDF page per `pages` entry when given. */
  lines: string[];
}

export type Expectation =
  /** Answered from the documents: every group has one of its words in the answer. */
  | { expect: 'answer'; accept: Array<string | string[]> }
  /** Nothing answers it: told so (the owner is notified), no hand-over. */
  | { expect: 'unanswered' }
  /** A plain request for a person: handed over. */
  | { expect: 'handover' }
  /** Greetings, thanks, chit-chat: a short reply, neither a hand-over nor an "I don't know". */
  | { expect: 'smalltalk' };

export type Turn = { say: string; language?: 'en' | 'de' | 'es' | 'pt' | 'fr' } & Expectation;

export interface EvalSet {
  business: string;
  documents: EvalDocument[];
  /** Conversations: each turn is asked after the ones before it, in the same chat. */
  conversations: Turn[][];
}
