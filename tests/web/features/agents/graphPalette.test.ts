import { getContrastRatio } from '@mui/material/styles';
import {
  colourOfType,
  KNOWN_TYPE_COLOURS,
  OTHER_TYPE_COLOURS,
  TYPE_TEXT_COLOUR,
} from '../../../../src/features/agents/graphPalette';

const AA_TEXT = 4.5;

describe('the entity type colours', () => {
  it.each([...Object.values(KNOWN_TYPE_COLOURS), ...OTHER_TYPE_COLOURS])(
    'give their white labels at least 4.5:1 (%s)',
    (colour) => {
      expect(getContrastRatio(TYPE_TEXT_COLOUR, colour)).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('give known types their own colour whatever the case, and every other type a stable one', () => {
    expect(colourOfType('Product')).toBe(KNOWN_TYPE_COLOURS.product);
    expect(colourOfType('event')).toBe(colourOfType('event'));
    expect(OTHER_TYPE_COLOURS).toContain(colourOfType('event'));
  });
});
