import { figures, inventedFigures, judge, meetsTargets, type Outcome } from '../../../eval/score';

const DOCUMENTS = 'City bikes cost 15 euros a day. We open at 9:00.';
const reply = (text: string, unanswered = false): Outcome => ({ kind: 'reply', text, unanswered, grounded: true });

describe('the evaluation’s scoring', () => {
  it('accepts an answer with every accepted word, accents and case aside', () => {
    expect(
      judge({ expect: 'answer', accept: ['15 EUROS', ['yes', 'ja']] }, reply('Ja! 15 euros a day.'), DOCUMENTS),
    ).toMatchObject({
      correct: true,
    });
    expect(judge({ expect: 'answer', accept: ['15 euros'] }, reply('We open at 9:00.'), DOCUMENTS)).toMatchObject({
      correct: false,
      why: 'missing 15 euros: “We open at 9:00.”',
    });
  });

  it('fails an answer with a figure no document has, and counts it as invented', () => {
    expect(inventedFigures('It costs 15 euros, or 12 on Mondays at 9:00.', DOCUMENTS)).toEqual(['12']);
    expect(
      judge({ expect: 'answer', accept: ['15 euros'] }, reply('15 euros, 12 for members'), DOCUMENTS),
    ).toMatchObject({
      correct: false,
      invented: ['12'],
    });
  });

  it('counts a hand-over of anything but a person request as a false hand-over', () => {
    const handover: Outcome = { kind: 'handover', reason: 'no' };
    expect(judge({ expect: 'smalltalk' }, handover, DOCUMENTS)).toMatchObject({ correct: false, falseHandover: true });
    expect(judge({ expect: 'handover' }, handover, DOCUMENTS)).toMatchObject({ correct: true, falseHandover: false });
    expect(judge({ expect: 'unanswered' }, reply('Sorry, I could not find it.', true), DOCUMENTS).correct).toBe(true);
    expect(judge({ expect: 'smalltalk' }, reply('Sorry, I could not find it.', true), DOCUMENTS).correct).toBe(false);
  });

  it('sums the figures and checks them against the targets', () => {
    const judged = [
      judge({ expect: 'answer', accept: ['15 euros'] }, reply('15 euros a day.'), DOCUMENTS),
      judge({ expect: 'answer', accept: ['9:00'] }, reply('Sorry, not found.', true), DOCUMENTS),
      judge({ expect: 'handover' }, { kind: 'handover', reason: 'asked' }, DOCUMENTS),
      judge({ expect: 'smalltalk' }, reply('You’re welcome!'), DOCUMENTS),
    ];
    const result = figures(judged);
    expect(result).toMatchObject({
      answerable: 2,
      answeredCorrectly: 1,
      accuracy: 0.5,
      handoverRecall: 1,
      falseHandovers: 0,
      inventedFacts: 0,
      maxAnswerLength: 17,
    });
    expect(meetsTargets(result)).toBe(false);
    expect(meetsTargets({ ...result, accuracy: 0.95 })).toBe(true);
  });
});
